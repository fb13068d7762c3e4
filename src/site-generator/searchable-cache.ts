// The searchable HTML of every page (what Pagefind reads of it, searchable-html.ts), kept from one
// build to the next with the page's key. A rebuild after one edit must index the edited page's
// part of its language's index again, whole (search-index-parts.ts): it takes the unchanged
// pages' HTML from here (one file per part) instead of reading 4,000 pages back from the output.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { readRecords, writeRecords, type RecordWriter } from './record-file.ts';

/** A page's key and its searchable HTML, by path. */
type PartPages = Map<string, { key: string; html: Uint8Array }>;

export interface SearchableCache {
  /** Reads the last build's pages of `part` (once; before `get`). */
  open: (part: string) => Promise<void>;
  /** The searchable HTML the last build made for a page with this key, if any. */
  get: (part: string, path: string, key: string) => Uint8Array | undefined;
  /** Records a page of this build (written to disk at once, not held). */
  set: (part: string, path: string, key: string, html: Uint8Array) => Promise<void>;
  /** Makes the pages recorded for `part` (all its searchable pages) the next build's. */
  save: (part: string) => Promise<void>;
}

// A part's file: one record per page, [path, key, html] serialized.
const fileOf = (cacheDir: string, part: string) => join(cacheDir, `searchable-${part}.v8`);

/** The cache of a build whose page keys are kept in `cacheDir`. */
export function searchableCache(cacheDir: string): SearchableCache {
  const last = new Map<string, PartPages>();
  const next = new Map<string, Promise<RecordWriter>>();
  return {
    open: async (part) => {
      if (last.has(part)) return;
      const file = fileOf(cacheDir, part);
      const pages: PartPages = new Map();
      try {
        if (existsSync(file))
          for (const record of readRecords(await readFile(file))) {
            const [path, key, html] = deserialize(record) as unknown[];
            if (typeof path !== 'string' || typeof key !== 'string') throw new Error('not a page');
            if (!(html instanceof Uint8Array)) throw new Error('not a page');
            pages.set(path, { key, html });
          }
      } catch {
        // A file of an older format (or cut short): its pages are read back from the output.
        pages.clear();
      }
      last.set(part, pages);
    },
    get: (part, path, key) => {
      const page = last.get(part)?.get(path);
      return page?.key === key ? page.html : undefined;
    },
    set: async (part, path, key, html) => {
      let writer = next.get(part);
      if (!writer) {
        writer = writeRecords(fileOf(cacheDir, part));
        next.set(part, writer);
      }
      await (await writer).write(serialize([path, key, html]));
    },
    save: async (part) => {
      const writer = next.get(part);
      next.delete(part);
      last.delete(part);
      await (await writer)?.close();
    },
  };
}
