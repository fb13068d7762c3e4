// The Pagefind search index, fed with each prerendered page during the build. Pagefind splits it
// by <html lang> (one index per language, with that language's stemming) and indexes only the
// element marked data-pagefind-body, so the header, menus and footer stay out.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as pagefind from 'pagefind';

export interface SearchIndexWriter {
  add: (url: string, html: string) => Promise<void>;
  /** Writes the index files to `dir` and stops the Pagefind process. */
  write: (dir: string) => Promise<void>;
}

/** Starts an empty index. */
export async function createSearchIndex(): Promise<SearchIndexWriter> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  return {
    add: async (url, html) => {
      const response = await index.addHTMLFile({ url, content: html });
      if (response.errors.length > 0)
        throw new Error(`pagefind ${url}: ${response.errors.join('; ')}`);
    },
    write: async (dir) => {
      const response = await index.writeFiles({ outputPath: dir });
      await pagefind.close();
      if (response.errors.length > 0) throw new Error(`pagefind: ${response.errors.join('; ')}`);
      // Our own search page uses Pagefind's JavaScript API; its ready-made UIs are not shipped.
      const files = await readdir(dir);
      await Promise.all(
        files.filter((name) => /-ui\.(js|css)$/.test(name)).map((name) => rm(join(dir, name))),
      );
    },
  };
}
