// The searchable HTML of every page (what Pagefind reads of it, searchable-html.ts), kept from one
// build to the next with the page's key. A rebuild after one edit must index the edited page's
// language again, whole: it takes the unchanged pages' HTML from here (one file per language)
// instead of reading 4,000 pages back from the output folder.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { readRecords, writeRecords, type RecordWriter } from './record-file.ts';

/** A page's key and its searchable HTML, by path. */
type LanguagePages = Map<string, { key: string; html: Uint8Array }>;

export interface SearchableCache {
  /** Reads the last build's pages of `language` (once; before `get`). */
  open: (language: string) => Promise<void>;
  /** The searchable HTML the last build made for a page with this key, if any. */
  get: (language: string, path: string, key: string) => Uint8Array | undefined;
  /** Records a page of this build (written to disk at once, not held). */
  set: (language: string, path: string, key: string, html: Uint8Array) => Promise<void>;
  /** Makes the pages recorded for `language` (all its searchable pages) the next build's. */
  save: (language: string) => Promise<void>;
}

// A language's file: one record per page, [path, key, html] serialized.
const fileOf = (cacheDir: string, language: string) => join(cacheDir, `searchable-${language}.v8`);

/** The cache of a build whose page keys are kept in `cacheDir`. */
export function searchableCache(cacheDir: string): SearchableCache {
  const last = new Map<string, LanguagePages>();
  const next = new Map<string, Promise<RecordWriter>>();
  return {
    open: async (language) => {
      if (last.has(language)) return;
      const file = fileOf(cacheDir, language);
      const pages: LanguagePages = new Map();
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
      last.set(language, pages);
    },
    get: (language, path, key) => {
      const page = last.get(language)?.get(path);
      return page?.key === key ? page.html : undefined;
    },
    set: async (language, path, key, html) => {
      let writer = next.get(language);
      if (!writer) {
        writer = writeRecords(fileOf(cacheDir, language));
        next.set(language, writer);
      }
      await (await writer).write(serialize([path, key, html]));
    },
    save: async (language) => {
      const writer = next.get(language);
      next.delete(language);
      last.delete(language);
      await (await writer)?.close();
    },
  };
}
