// The searchable HTML of every page (what Pagefind reads of it, searchable-html.ts), kept from one
// build to the next with the page's key. A rebuild after one edit must index the edited page's
// language again, whole: it takes the unchanged pages' HTML from here (one file per language)
// instead of reading 4,000 pages back from the output folder.
import { once } from 'node:events';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { deserialize, serialize } from 'node:v8';

/** A page's key and its searchable HTML, by path. */
type LanguagePages = Map<string, { key: string; html: string }>;

export interface SearchableCache {
  /** Reads the last build's pages of `language` (once; before `get`). */
  open: (language: string) => Promise<void>;
  /** The searchable HTML the last build made for a page with this key, if any. */
  get: (language: string, path: string, key: string) => string | undefined;
  /** Records a page of this build (written to disk at once, not held). */
  set: (language: string, path: string, key: string, html: string) => Promise<void>;
  /** Makes the pages recorded for `language` (all its searchable pages) the next build's. */
  save: (language: string) => Promise<void>;
}

// A language's file: one record per page, its length (4 bytes) then [path, key, html] serialized.
const fileOf = (cacheDir: string, language: string) => join(cacheDir, `searchable-${language}.v8`);
const LENGTH_BYTES = 4;

function readRecords(data: Buffer): LanguagePages {
  const pages: LanguagePages = new Map();
  for (let at = 0; at < data.length;) {
    const length = data.readUInt32LE(at);
    const start = at + LENGTH_BYTES;
    const [path, key, html] = deserialize(data.subarray(start, start + length)) as string[];
    pages.set(path ?? '', { key: key ?? '', html: html ?? '' });
    at = start + length;
  }
  return pages;
}

/** The cache of a build whose page keys are kept in `cacheDir`. */
export function searchableCache(cacheDir: string): SearchableCache {
  const last = new Map<string, LanguagePages>();
  const next = new Map<string, WriteStream>();
  return {
    open: async (language) => {
      if (last.has(language)) return;
      const file = fileOf(cacheDir, language);
      last.set(
        language,
        existsSync(file) ? readRecords(await readFile(file)) : new Map<string, never>(),
      );
    },
    get: (language, path, key) => {
      const page = last.get(language)?.get(path);
      return page?.key === key ? page.html : undefined;
    },
    set: async (language, path, key, html) => {
      let out = next.get(language);
      if (!out) {
        await mkdir(cacheDir, { recursive: true });
        out = createWriteStream(`${fileOf(cacheDir, language)}.new`);
        next.set(language, out);
      }
      const record = serialize([path, key, html]);
      const length = Buffer.alloc(LENGTH_BYTES);
      length.writeUInt32LE(record.length);
      out.write(length);
      // The disk is slower than the index only when the machine is busy: then wait for it.
      if (!out.write(record)) await once(out, 'drain');
    },
    save: async (language) => {
      const out = next.get(language);
      next.delete(language);
      last.delete(language);
      if (!out) return;
      out.end();
      await finished(out);
      await rename(`${fileOf(cacheDir, language)}.new`, fileOf(cacheDir, language));
    },
  };
}
