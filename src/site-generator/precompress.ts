// Writes .br and .gz copies of compressible files, so the servers never compress per request
// (pages get .gz alone: see Copies).
// What the build writes itself (pages, page-data, feeds, calendars) is compressed as it is
// written (writeCompressed); precompress() does the files copied in (assets, editor) and the
// search indexes.
import { createHash } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
} from 'node:zlib';
import { inParallel } from './in-parallel.ts';
import { listFiles } from './list-files.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** The files that get compressed copies, when they have at least MIN_BYTES. */
export const COMPRESSIBLE = /\.(html|js|css|json|svg|xml|ics|txt|webmanifest|yml)$/;
export const MIN_BYTES = 512;
const PARALLEL = 16;

// The few hashed assets load on every page and are compressed once per build: the best ratio
// pays. Per-page HTML and JSON scale with the site: quality 6 is 15 times faster than 10 for
// files about 9% larger (measured on our pages; see the build benchmark).
const brotliQuality = (file: string) => (/[/\\]assets[/\\]/.test(file) ? 11 : 6);

/**
 * Writes `file`.br and `file`.gz for `data`, the contents of `file` (none when it is small);
 * says whether it wrote them.
 */
export async function compressCopies(file: string, data: Buffer | string): Promise<boolean> {
  const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  if (size < MIN_BYTES) return false;
  const [br, gzipped] = await Promise.all([
    brotli(data, brotliOptions(file)),
    gz(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  return true;
}

const brotliOptions = (file: string) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file) },
});

/**
 * Which compressed copies a file the build writes gets: `both`, or `gzip` alone for the pages'
 * HTML and page-data. The site's nginx (Debian's nginx-light: gzip_static, no brotli module)
 * serves those `.gz` copies; a brotli copy of every page was a third of a prerender worker's
 * time and 32,000 files at 16,000 pages that no reader got. The hashed assets, loaded on every
 * page and compressed once per build, keep both (precompress): the Node server sends brotli.
 */
export type Copies = 'both' | 'gzip';

/**
 * Writes a file of the site at `urlPath` under `outDir`, with its compressed copies. It runs in
 * the calling thread, not in libuv's pool: a prerender worker writes one page after the other,
 * and handing each file operation (a dozen a page) to a pool thread and back left both cores a
 * third idle. A build writes over the last one's files (keepOnly): copies of a file that is now
 * too small to have them, or that it no longer gets, must not outlive it.
 */
export function writeCompressed(
  outDir: string,
  urlPath: string,
  text: string,
  copies: Copies = 'both',
): void {
  const file = join(outDir, urlPath);
  mkdirSync(dirname(file), { recursive: true });
  overwrite(file, text);
  const large = Buffer.byteLength(text) >= MIN_BYTES;
  if (large && copies === 'both') {
    overwrite(`${file}.br`, brotliCompressSync(text, brotliOptions(file)));
  } else {
    rmSync(`${file}.br`, { force: true });
  }
  if (large) overwrite(`${file}.gz`, gzipSync(text, { level: 9 }));
  else rmSync(`${file}.gz`, { force: true });
}

/**
 * writeCompressed for a text that comes in `chunks` (both copies): each chunk is written and
 * compressed as it comes, so the whole text is never held (a sitemap of 50,000 URLs is 35 MB).
 * A text shorter than MIN_BYTES goes to writeCompressed, which gives it no copies.
 */
export async function writeCompressedChunks(
  outDir: string,
  urlPath: string,
  chunks: Iterable<string>,
): Promise<void> {
  const iterator = chunks[Symbol.iterator]();
  let head = '';
  let next = iterator.next();
  for (; !next.done && Buffer.byteLength(head) < MIN_BYTES; next = iterator.next())
    head += next.value;
  if (next.done) {
    writeCompressed(outDir, urlPath, head);
    return;
  }
  const file = join(outDir, urlPath);
  await mkdir(dirname(file), { recursive: true });
  const brotliStream = createBrotliCompress(brotliOptions(file));
  const gzipStream = createGzip({ level: 9 });
  const plain = createWriteStream(file);
  const finished = Promise.all([
    pipeline(brotliStream, createWriteStream(`${file}.br`)),
    pipeline(gzipStream, createWriteStream(`${file}.gz`)),
    once(plain, 'finish'),
  ]);
  // Awaited below; a failing stream also fails the write waiting for it to drain.
  finished.catch(() => undefined);
  const sinks: Writable[] = [plain, brotliStream, gzipStream];
  const write = async (text: string) => {
    const data = Buffer.from(text);
    const full = sinks.filter((sink) => !sink.write(data));
    await Promise.all(full.map((sink) => once(sink, 'drain')));
  };
  await write(head);
  for (; !next.done; next = iterator.next()) await write(next.value);
  for (const sink of sinks) sink.end();
  await finished;
}

/**
 * Writes `data` into `file` over the bytes it had, then cuts what is left of them. Opening with
 * truncation (what writeFileSync does) frees the file's blocks and allocates new ones; on a disk
 * mounted with `discard` every freed extent is sent to the device, and that made `open` the
 * prerender workers' costliest call (2.6 of 10.8 s at 4,000 pages). Overwriting keeps the blocks.
 */
function overwrite(file: string, data: string | Buffer): void {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    descriptor = openSync(file, 'w');
  }
  try {
    writeFileSync(descriptor, data);
    ftruncateSync(descriptor, Buffer.byteLength(data));
  } finally {
    closeSync(descriptor);
  }
}

/**
 * compressCopies, taking the copies from `reuse` when an earlier build compressed the same bytes
 * at the same quality: the assets and the editor's scripts (brotli 11 on the assets, about a
 * second of CPU) are the same from one rebuild to the next. Returns the name of the copies there.
 */
async function compressOrReuse(file: string, data: Buffer, reuse: string): Promise<string> {
  const name = createHash('sha256')
    .update(String(brotliQuality(file)))
    .update(data)
    .digest('hex')
    .slice(0, 32);
  const kept = join(reuse, name);
  if (existsSync(`${kept}.br`) && existsSync(`${kept}.gz`)) {
    await Promise.all([copyFile(`${kept}.br`, `${file}.br`), copyFile(`${kept}.gz`, `${file}.gz`)]);
  } else if (await compressCopies(file, data)) {
    await Promise.all([copyFile(`${file}.br`, `${kept}.br`), copyFile(`${file}.gz`, `${kept}.gz`)]);
  }
  return name;
}

/**
 * Precompresses the files under `dir` (skips small ones, where compression does not pay, and
 * those that already have their copies), but for the folders of `skip` (relative to `dir`),
 * which are not even listed: the pages' folders hold most of the site's 147,000 files. With
 * `reuse` (a folder of the build cache), copies of the same bytes are taken from the last build,
 * and the folder then keeps only this build's.
 */
export async function precompress(
  dir: string,
  options: { skip?: string[]; reuse?: string } = {},
): Promise<void> {
  const paths = await listFiles(
    dir,
    new Set((options.skip ?? []).map((folder) => join(dir, folder))),
  );
  const existing = new Set(paths);
  // A file written with writeCompressed has its gzip copy (and a page no brotli one, by design).
  const files = paths.filter((file) => COMPRESSIBLE.test(file) && !existing.has(`${file}.gz`));
  const { reuse } = options;
  if (!reuse) {
    await inParallel(files, PARALLEL, async (file) => compressCopies(file, await readFile(file)));
    return;
  }
  await mkdir(reuse, { recursive: true });
  const used = new Set<string>();
  await inParallel(files, PARALLEL, async (file) => {
    used.add(await compressOrReuse(file, await readFile(file), reuse));
  });
  const stale = (await readdir(reuse)).filter(
    (entry) => !used.has(entry.replace(/\.(br|gz)$/, '')),
  );
  await Promise.all(stale.map((entry) => rm(join(reuse, entry), { force: true })));
}
