// The Pagefind search indexes, one per language in pagefind/{language}/, fed with each prerendered
// page during the build. One index per language lets a rebuild keep the indexes of the languages
// whose pages did not change, and lets Pagefind free each index once it is written. Pagefind
// indexes only the element marked data-pagefind-body, so the header, menus and footer stay out.
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { syncFolder } from './sync-folder.ts';

export interface SearchIndexWriter {
  /** Adds a page to its language's index; a language's pages come one after the other. */
  add: (language: string, url: string, html: string) => Promise<void>;
  /** Writes the index still open and stops the Pagefind process. */
  close: () => Promise<void>;
}

/** The folder of the indexes under the site's output folder: one folder per language in it. */
export const SEARCH_INDEXES = 'pagefind';

/** The folder of a language's index under the site's output folder. */
export const searchIndexDir = (language: string): string => `${SEARCH_INDEXES}/${language}`;

/**
 * Writes one language's index to `dir` and frees it in Pagefind's process. A rebuild finds the
 * last build's index there: only the files that changed are written.
 */
async function writeIndex(index: pagefind.PagefindIndex, dir: string): Promise<void> {
  const response = await index.getFiles();
  if (response.errors.length > 0) throw new Error(`pagefind: ${response.errors.join('; ')}`);
  await index.deleteIndex();
  // Our own search page uses Pagefind's JavaScript API; its ready-made UIs are not shipped.
  await syncFolder(
    dir,
    response.files.filter((file) => !/-ui\.(js|css)$/.test(file.path)),
  );
}

/** Starts the indexes of a build into `outDir`. */
export function createSearchIndexes(outDir: string): SearchIndexWriter {
  let open: { language: string; index: pagefind.PagefindIndex } | undefined;
  const done = new Set<string>();
  const finish = async () => {
    if (!open) return;
    await writeIndex(open.index, join(outDir, searchIndexDir(open.language)));
    done.add(open.language);
    open = undefined;
  };
  return {
    add: async (language, url, html) => {
      if (open?.language !== language) {
        await finish();
        if (done.has(language)) throw new Error(`pagefind: the ${language} pages are not together`);
        const { index, errors } = await pagefind.createIndex({});
        if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
        open = { language, index };
      }
      const response = await open.index.addHTMLFile({ url, content: html });
      if (response.errors.length > 0)
        throw new Error(`pagefind ${url}: ${response.errors.join('; ')}`);
    },
    close: async () => {
      await finish();
      await pagefind.close();
    },
  };
}
