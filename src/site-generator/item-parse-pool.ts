// Parses the content's items on every core before the build reads the content. Parsing them
// (YAML, zod, Markdown) is most of the time it takes to read the content (5.7 of 6 s at 16,000
// pages, 27 s at 64,000), on one core; the build then reads the content as before, and finds
// each item it would parse already parsed.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  ITEM_FOLDERS,
  itemFiles,
  type ContentItem,
  type ItemCache,
  type ItemKind,
} from '../content/items.ts';
import type { DeskReferences } from '../content/desk-references.ts';
import type { MediaLibrary } from '../content/media.ts';
import type { ParseReply, ParseRequest } from './item-parse-worker.ts';
import { WORKER_LIMITS } from './worker-limits.ts';

/** Parses one share of the files in a worker thread of its own; hands `onItems` what it parsed. */
function parseInWorker(
  request: ParseRequest,
  onItems: (items: ParseReply['items']) => void,
): Promise<void> {
  const worker = new Worker(new URL('./item-parse-worker.ts', import.meta.url), {
    workerData: request,
    resourceLimits: WORKER_LIMITS,
  });
  return new Promise((resolve, reject) => {
    worker.on('message', (reply: ParseReply) => {
      onItems(reply.items);
      if (reply.done) resolve();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      reject(new Error(`item parse worker stopped with exit code ${String(code)}`));
    });
  });
}

// Starting a worker loads the parsers (about half a second): it pays from about this many files.
// Loading the 4,000-page bench took 3.4 s with the workers, 2.8 s without; 64,000 pages, 20 s
// against 27 s.
export const PARSE_ASIDE_FROM = 10_000;

/** The items parsed aside, and the body files their references point into (body-store.ts). */
export interface ParsedAside {
  cache: ItemCache;
  bodyFiles: string[];
}

/**
 * An item cache that answers with the items of `contentDir` parsed by `workers` threads, and asks
 * `fallback` (the build cache's items) for the others; `fallback` itself for a content folder of
 * fewer than `from` items (PARSE_ASIDE_FROM). A file that fails to parse is left out: the build
 * parses it again, and reports its error where it always did. The build reads and hashes each
 * file again (a quarter of a second at 16,000 pages): its loading stays as it was.
 * With `bodiesDir`, each worker stores its items' bodies in a new file there (named for this
 * parse, so that no file the last build's items point into is written over).
 */
export async function withItemsParsedAside(
  contentDir: string,
  media: MediaLibrary | undefined,
  fallback: ItemCache,
  {
    workers,
    from = PARSE_ASIDE_FROM,
    itemsPerMessage,
    bodiesDir,
    references = {},
  }: {
    workers: number;
    from?: number;
    itemsPerMessage?: number;
    bodiesDir?: string;
    /** The desk's references of the content's site settings (desk-references.ts). */
    references?: DeskReferences;
  },
): Promise<ParsedAside> {
  const files = (Object.entries(ITEM_FOLDERS) as [ItemKind, string][]).flatMap(([kind, folder]) =>
    itemFiles(join(contentDir, folder)).map((file): [ItemKind, string] => [kind, file]),
  );
  if (files.length < from) return { cache: fallback, bodyFiles: [] };
  // Every n-th file to each worker: the kinds' folders differ in size and in length of text.
  const count = Math.max(1, workers);
  const shares = Array.from({ length: count }, (_, worker) =>
    files.filter((_file, i) => i % count === worker),
  ).filter((share) => share.length > 0);
  const parse = randomUUID().slice(0, 8);
  const bodyFiles = shares.map((_share, worker) => `${parse}-${String(worker)}.bin`);
  const parsed = new Map<string, ContentItem>();
  await Promise.all(
    shares.map((share, worker) =>
      parseInWorker(
        {
          files: share,
          references,
          ...(media ? { media } : {}),
          itemsPerMessage,
          ...(bodiesDir === undefined ? {} : { bodies: join(bodiesDir, bodyFiles[worker] ?? '') }),
        },
        (items) => {
          for (const [key, item] of items) parsed.set(key, item);
        },
      ),
    ),
  );
  return {
    cache: {
      get: (key) => parsed.get(key) ?? fallback.get(key),
      set: (key, item) => {
        fallback.set(key, item);
      },
    },
    bodyFiles: bodiesDir === undefined ? [] : bodyFiles,
  };
}
