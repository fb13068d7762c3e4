// Brings a folder up to date with a set of files, writing only the files whose bytes changed.
// A language's search index rebuilt after one edit differs from the last one in a few dozen of
// its 4,000 files (Pagefind names fragments and index chunks by their contents): reading and
// comparing them is a tenth of the time of writing them all again.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { inParallel } from './in-parallel.ts';
import { listFiles } from './list-files.ts';

export interface FolderFile {
  /** Relative to the folder. */
  path: string;
  content: Uint8Array;
}

// The compressed copies precompress.ts writes beside a file: they go with it when it changes.
const COPIES = ['.br', '.gz'];
const PARALLEL = 64;

const copyOf = (file: string) => COPIES.find((suffix) => file.endsWith(suffix));

/**
 * Makes `dir` hold exactly `files` (and the compressed copies of those that did not change),
 * writing only new or changed files.
 */
export async function syncFolder(dir: string, files: readonly FolderFile[]): Promise<void> {
  const existing = new Set(await listFiles(dir));
  const wanted = new Map(files.map((file) => [join(dir, file.path), file.content]));
  const unchanged = async (file: string, content: Uint8Array) =>
    existing.has(file) && Buffer.from(content).equals(await readFile(file));
  await inParallel([...wanted], PARALLEL, async ([file, content]) => {
    if (await unchanged(file, content)) return;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
    await Promise.all(COPIES.map((suffix) => rm(`${file}${suffix}`, { force: true })));
  });
  const stale = [...existing].filter((file) => {
    const suffix = copyOf(file);
    return !wanted.has(file) && !(suffix && wanted.has(file.slice(0, -suffix.length)));
  });
  await inParallel(stale, PARALLEL, (file) => rm(file, { force: true }));
}
