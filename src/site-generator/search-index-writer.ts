// The Pagefind search indexes, one per language in pagefind/{language}/, fed with each prerendered
// page during the build. One index per language lets a rebuild keep the indexes of the languages
// whose pages did not change, and lets Pagefind free each index once it is written. Pagefind
// indexes only the element marked data-pagefind-body, so the header, menus and footer stay out.
//
// A language's pages are written to a folder in memory (/dev/shm where there is one) and Pagefind
// reads the folder in one call: handed one page per message, it spent 2.9 s on the 4,065 English
// pages of the 16,000-page bench, against 1.15 s for the folder (writing it included). Pagefind
// takes the pages in the order it finds them on disk, the same for a build from nothing and a
// rebuild (both write the same folders in route order), so the index is the same too. It makes
// each page's URL from its file, `{path}/index.html`: `{path}/`, which the search client reads
// back as `{path}` (src/runtime/search-client.ts).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { syncFolder } from './sync-folder.ts';

export interface SearchIndexWriter {
  /** Adds a page to its language's index; a language's pages come one after the other. */
  add: (language: string, url: string, html: string | Uint8Array) => Promise<void>;
  /** Writes the index still open and stops the Pagefind process. */
  close: () => Promise<void>;
}

/** The folder of the indexes under the site's output folder: one folder per language in it. */
export const SEARCH_INDEXES = 'pagefind';

/** The folder of a language's index under the site's output folder. */
export const searchIndexDir = (language: string): string => `${SEARCH_INDEXES}/${language}`;

/** Where a language's pages wait for Pagefind: in memory when the machine offers it. */
const stagingRoot = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

/** A language's pages, written as they come, then indexed as one folder. */
interface OpenLanguage {
  language: string;
  folder: string;
  pages: number;
}

/**
 * Indexes the pages staged in `folder` and writes the index to `dir`, then frees it in Pagefind's
 * process. A rebuild finds the last build's index there: only the files that changed are written.
 */
async function writeIndex(open: OpenLanguage, dir: string): Promise<void> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const indexed = await index.addDirectory({ path: open.folder });
  if (indexed.errors.length > 0) throw new Error(`pagefind: ${indexed.errors.join('; ')}`);
  if (indexed.page_count !== open.pages)
    throw new Error(
      `pagefind: indexed ${indexed.page_count} of ${open.pages} ${open.language} pages`,
    );
  // Pagefind has read the pages: their folder goes while it assembles the index.
  const removed = rm(open.folder, { recursive: true, force: true });
  const response = await index.getFiles();
  await removed;
  if (response.errors.length > 0) throw new Error(`pagefind: ${response.errors.join('; ')}`);
  await index.deleteIndex();
  // Our own search page uses Pagefind's JavaScript API; its ready-made UIs are not shipped.
  await syncFolder(
    dir,
    response.files.filter((file) => !/-ui\.(js|css)$/.test(file.path)),
  );
}

/**
 * Starts the indexes of a build into `outDir`. A language is indexed while the next one's pages
 * are staged: waiting for Pagefind (about 3 s a language at 16,000 pages) held up the prerender,
 * which then sat idle on both cores. Pagefind indexes one language at a time.
 */
export function createSearchIndexes(outDir: string): SearchIndexWriter {
  let open: OpenLanguage | undefined;
  const done = new Set<string>();
  let indexing = Promise.resolve();
  let failure: Error | undefined;
  const finish = () => {
    if (!open) return;
    const language = open;
    open = undefined;
    done.add(language.language);
    const before = indexing;
    // Each language's folder goes, whether it was indexed or a language before it failed.
    indexing = (async () => {
      try {
        await before;
        await writeIndex(language, join(outDir, searchIndexDir(language.language)));
      } finally {
        rmSync(language.folder, { recursive: true, force: true });
      }
    })();
    // The next page added, or close, reports it.
    indexing.catch((error: unknown) => {
      failure ??= error instanceof Error ? error : new Error(String(error));
    });
  };
  return {
    add: async (language, url, html) => {
      if (failure) throw failure;
      if (open?.language !== language) {
        finish();
        if (done.has(language)) throw new Error(`pagefind: the ${language} pages are not together`);
        open = {
          language,
          folder: mkdtempSync(join(stagingRoot(), 'guichet-pagefind-')),
          pages: 0,
        };
      }
      // One file at a time, in route order: every build writes the same folder the same way.
      const folder = join(open.folder, url);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'index.html'), html);
      open.pages++;
      return Promise.resolve();
    },
    /** Also after a failure: the staged pages go, and Pagefind's process stops. */
    close: async () => {
      try {
        finish();
        await indexing;
      } finally {
        await pagefind.close();
      }
    },
  };
}
