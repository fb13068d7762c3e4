// Writes .br and .gz copies of every compressible file, so the servers never compress per request.
// Pages are compressed by the prerender workers as they are written; precompress() does the rest.
import { readFile, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { inParallel } from './in-parallel.ts';
import { listFiles } from './list-files.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(html|js|css|json|svg|xml|ics|txt|webmanifest|yml)$/;
const MIN_BYTES = 512;
const PARALLEL = 16;

// The few hashed assets load on every page and are compressed once per build: the best ratio
// pays. Per-page HTML and JSON scale with the site: quality 6 is 15 times faster than 10 for
// files about 9% larger (measured on our pages; see the build benchmark).
const brotliQuality = (file: string) => (/[/\\]assets[/\\]/.test(file) ? 11 : 6);

/** Writes `file`.br and `file`.gz for `data`, the contents of `file` (none when it is small). */
export async function compressCopies(file: string, data: Buffer | string): Promise<void> {
  const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  if (size < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file) } }),
    gz(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
}

/**
 * Precompresses the files under `dir` (skips small ones, where compression does not pay, and
 * those that already have their copies: the pages the prerender compressed), but for the
 * folders of `except` (relative to `dir`).
 */
export async function precompress(dir: string, options: { except?: string[] } = {}): Promise<void> {
  const excepted = (options.except ?? []).map((folder) => `${join(dir, folder)}${sep}`);
  const paths = await listFiles(dir);
  const existing = new Set(paths);
  const files = paths.filter(
    (file) =>
      COMPRESSIBLE.test(file) &&
      !existing.has(`${file}.br`) &&
      !excepted.some((folder) => file.startsWith(folder)),
  );
  await inParallel(files, PARALLEL, async (file) => compressCopies(file, await readFile(file)));
}
