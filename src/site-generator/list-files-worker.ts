// Lists a folder's files in a thread of its own (listFilesAside in list-files.ts), one folder
// after the other with synchronous calls: neither the main thread nor libuv's threads, which read
// the content meanwhile, wait for it.
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const { dir, skip } = workerData as { dir: string; skip: string[] };
const skipped = new Set(skip);
const files: string[] = [];
const walk = (folder: string) => {
  if (skipped.has(folder)) return;
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path);
    else files.push(path);
  }
};
walk(dir);
parentPort?.postMessage(files);
