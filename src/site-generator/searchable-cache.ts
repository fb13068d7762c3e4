// The searchable HTML of every page (what Pagefind reads of it, searchable-html.ts), kept from one
// build to the next with the page's key. A rebuild after one edit must index the edited page's
// language again, whole: it takes the unchanged pages' HTML from here (one file per language)
// instead of reading 4,000 pages back from the output folder.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** A page's key and its searchable HTML, by path. */
type LanguagePages = Map<string, { key: string; html: string }>;

export interface SearchableCache {
  /** Reads the last build's pages of `language` (once; before `get`). */
  open: (language: string) => Promise<void>;
  /** The searchable HTML the last build made for a page with this key, if any. */
  get: (language: string, path: string, key: string) => string | undefined;
  /** Records a page of this build; its language's pages are saved when `save` is called. */
  set: (language: string, path: string, key: string, html: string) => void;
  /** Writes the pages recorded for `language` (all its searchable pages) and forgets them. */
  save: (language: string) => Promise<void>;
}

const fileOf = (cacheDir: string, language: string) => join(cacheDir, `searchable-${language}.v8`);

/** The cache of a build whose page keys are kept in `cacheDir`. */
export function searchableCache(cacheDir: string): SearchableCache {
  const last = new Map<string, LanguagePages>();
  const next = new Map<string, LanguagePages>();
  return {
    open: async (language) => {
      if (last.has(language)) return;
      const file = fileOf(cacheDir, language);
      last.set(
        language,
        existsSync(file)
          ? (deserialize(await readFile(file)) as LanguagePages)
          : new Map<string, never>(),
      );
    },
    get: (language, path, key) => {
      const page = last.get(language)?.get(path);
      return page?.key === key ? page.html : undefined;
    },
    set: (language, path, key, html) => {
      let pages = next.get(language);
      if (!pages) next.set(language, (pages = new Map<string, { key: string; html: string }>()));
      pages.set(path, { key, html });
    },
    save: async (language) => {
      const pages: LanguagePages = next.get(language) ?? new Map<string, never>();
      next.delete(language);
      last.delete(language);
      await mkdir(cacheDir, { recursive: true });
      await writeFile(fileOf(cacheDir, language), serialize(pages));
    },
  };
}
