// The Pagefind search indexes, one per part of a language's index in pagefind/{part}/
// (search-index-parts.ts: pagefind/en/, then pagefind/en-2/… on a large site), fed with each
// prerendered page during the build. Separate parts let a rebuild keep those whose pages did not
// change, and let Pagefind free each one once it is written. Pagefind indexes only the element
// marked data-pagefind-body, so the header, menus and footer stay out.
//
// A part's pages are written to a folder in memory (/dev/shm where there is one) and Pagefind
// reads the folder in one call: handed one page per message, it spent 2.9 s on the 4,065 English
// pages of the 16,000-page bench, against 1.15 s for the folder (writing it included). Pagefind
// takes the pages in the order it finds them on disk, the same for a build from nothing and a
// rebuild (both write the same folders in route order), so the index is the same too. It makes
// each page's URL from its file, `{path}/index.html`: `{path}/`, which the search client reads
// back as `{path}` (src/runtime/search-client.ts). Each part's folder also gets the vocabulary of
// its pages (search-vocabulary.ts), for the search's "Did you mean …?".
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { vocabularyFile } from './search-vocabulary.ts';
import { syncFolder, type FolderFile } from './sync-folder.ts';

export interface SearchIndexWriter {
  /** Adds a page to its part of the index; a part's pages come one after the other. */
  add: (part: string, url: string, html: string | Uint8Array) => Promise<void>;
  /** Writes the index still open and stops the Pagefind process. */
  close: () => Promise<void>;
}

/** The folder of the indexes under the site's output folder: one folder per part in it. */
export const SEARCH_INDEXES = 'pagefind';

/** The folder of a part of an index under the site's output folder. */
export const searchIndexDir = (part: string): string => `${SEARCH_INDEXES}/${part}`;

/** Where a part's pages wait for Pagefind: in memory when the machine offers it. */
const stagingRoot = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

/** A part's pages, written as they come, then indexed as one folder. */
interface OpenPart {
  part: string;
  folder: string;
  pages: number;
}

/**
 * Indexes the pages staged in `folder` and writes the index to `dir`, then frees it in Pagefind's
 * process. A rebuild finds the last build's index there: only the files that changed are written.
 * Answers with the index's files, of which the vocabulary is made.
 */
async function writeIndex(open: OpenPart, dir: string): Promise<FolderFile[]> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const indexed = await index.addDirectory({ path: open.folder });
  if (indexed.errors.length > 0) throw new Error(`pagefind: ${indexed.errors.join('; ')}`);
  if (indexed.page_count !== open.pages)
    throw new Error(
      `pagefind: indexed ${indexed.page_count} of ${open.pages} pages of ${open.part}`,
    );
  // Pagefind has read the pages: their folder goes while it assembles the index.
  const removed = rm(open.folder, { recursive: true, force: true });
  const response = await index.getFiles();
  await removed;
  if (response.errors.length > 0) throw new Error(`pagefind: ${response.errors.join('; ')}`);
  await index.deleteIndex();
  // Our own search page uses Pagefind's JavaScript API; its ready-made UIs are not shipped.
  const files = response.files.filter((file) => !/-ui\.(js|css)$/.test(file.path));
  await syncFolder(dir, files);
  return files;
}

/**
 * Writes the vocabulary of a part's index into its folder (search-vocabulary.ts). It runs while
 * Pagefind indexes the next part: read back from the fragments, it took a second a language at
 * 16,000 pages, which had been a second more on the build's longest path.
 */
async function writeVocabulary(dir: string, files: readonly FolderFile[]): Promise<void> {
  const vocabulary = await vocabularyFile(files);
  await writeFile(join(dir, vocabulary.path), vocabulary.content);
}

/**
 * Starts the indexes of a build into `outDir`. A part is indexed while the next one's pages are
 * staged: waiting for Pagefind (about 3 s a language at 16,000 pages) held up the prerender,
 * which then sat idle on both cores. Pagefind indexes one part at a time.
 */
export function createSearchIndexes(outDir: string): SearchIndexWriter {
  let open: OpenPart | undefined;
  const done = new Set<string>();
  let indexing = Promise.resolve();
  const vocabularies: Promise<void>[] = [];
  let failure: Error | undefined;
  const finish = () => {
    if (!open) return;
    const part = open;
    open = undefined;
    done.add(part.part);
    const before = indexing;
    // Each part's folder goes, whether it was indexed or a part before it failed.
    indexing = (async () => {
      try {
        await before;
        const dir = join(outDir, searchIndexDir(part.part));
        const files = await writeIndex(part, dir);
        // Not waited for here: the next part goes to Pagefind meanwhile; close waits for it.
        const vocabulary = writeVocabulary(dir, files);
        vocabulary.catch((error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        });
        vocabularies.push(vocabulary);
      } finally {
        rmSync(part.folder, { recursive: true, force: true });
      }
    })();
    // The next page added, or close, reports it.
    indexing.catch((error: unknown) => {
      failure ??= error instanceof Error ? error : new Error(String(error));
    });
  };
  return {
    add: async (part, url, html) => {
      if (failure) throw failure;
      if (open?.part !== part) {
        finish();
        if (done.has(part)) throw new Error(`pagefind: the pages of ${part} are not together`);
        open = {
          part,
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
        await Promise.all(vocabularies);
      } finally {
        await pagefind.close();
      }
    },
  };
}
