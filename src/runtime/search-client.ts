// The browser side of the site search: Pagefind's module and index of the page's language, loaded
// from /pagefind/{part}/ on the first need (the search field's focus, or the results page), and
// the site search over them (src/runtime/search/site-search.ts). A large site's language has its
// index in parts (/pagefind/en/, /pagefind/en-2/…, search-index-parts.ts): the first part is
// always named after the language, so it can load before the search page's data names the others.
import type { SearchWords } from '../routes/page-data.ts';
import { SEARCH_VOCABULARY_FILE } from '../routes/search-index-parts.ts';
import type { PagefindInstance, PagefindModule } from './search/engine.ts';
import { SITE_PAGEFIND_OPTIONS } from './search/ranking.ts';
import { siteSearch, type SiteSearchResult } from './search/site-search.ts';
import { mergeVocabularies, vocabularyOf, type Vocabulary } from './search/spelling.ts';

const partUrl = (part: string) => `${window.location.origin}/pagefind/${part}/`;

/**
 * The build's hash (the document's meta build-hash) as Pagefind's metaCacheTag: its entry file is
 * then asked for as `pagefind-entry.json?ts={hash}`, the address the search page preloads
 * (src/routes/search-index-parts.ts), and a new build asks for a new one. Without it, Pagefind
 * adds the time, which no preload can know.
 */
const buildHash = () =>
  document.querySelector('meta[name="build-hash"]')?.getAttribute('content') ?? undefined;

interface Loaded {
  pagefind: Promise<PagefindInstance>;
  /** The parts merged into it, or being merged. */
  merged: Map<string, Promise<void>>;
}
const instances = new Map<string, Loaded>();

/** The Pagefind instance of a first part, loading (module, entry, metadata, WebAssembly). */
function loadedOf(first: string): Loaded {
  let loaded = instances.get(first);
  if (!loaded) {
    // The URL is computed so that the bundler leaves Pagefind's own module to the browser.
    const pagefind = (
      import(/* @vite-ignore */ `${partUrl(first)}pagefind.js`) as Promise<PagefindModule>
    ).then(async (module) => {
      // On the main thread: the index is small, and a worker would be one more file to fetch
      // before the first result (pagefind-worker.js) whose fetches no <link rel=preload> serves.
      const metaCacheTag = buildHash();
      const instance = module.createInstance({
        ...SITE_PAGEFIND_OPTIONS,
        ...(metaCacheTag ? { metaCacheTag } : {}),
        basePath: partUrl(first),
        baseUrl: '/',
        noWorker: true,
      });
      await instance.init();
      return instance;
    });
    loaded = { pagefind, merged: new Map() };
    instances.set(first, loaded);
    // A failed load (offline) is not kept: the next search tries again.
    pagefind.catch(() => instances.delete(first));
  }
  return loaded;
}

/**
 * Starts loading the index of a language (its first part) so that the first search finds it
 * ready: called when a search field gets focus. Does nothing more if it is loading already.
 */
export function warmUpSearch(language: string): void {
  loadedOf(language).pagefind.catch(() => undefined);
}

/**
 * Loads the index chunks a query's words need while the reader types (Pagefind's preload), once
 * the language's index has loaded: the search then only computes.
 */
export function preloadSearch(language: string, query: string): void {
  const term = query.trim();
  if (!term) return;
  loadedOf(language)
    .pagefind.then((pagefind) => pagefind.preload(term))
    .catch(() => undefined);
}

/** The instance over all of a language's parts, the first loaded and the others merged. */
async function pagefindOf(parts: readonly string[]): Promise<PagefindInstance> {
  const [first = '', ...others] = parts;
  const loaded = loadedOf(first);
  const pagefind = await loaded.pagefind;
  // One part after the other, as Pagefind merges them.
  for (const part of others) {
    let merge = loaded.merged.get(part);
    if (!merge) {
      merge = pagefind.mergeIndex(partUrl(part), SITE_PAGEFIND_OPTIONS);
      loaded.merged.set(part, merge);
      merge.catch(() => loaded.merged.delete(part));
    }
    await merge;
  }
  return pagefind;
}

const vocabularies = new Map<string, Promise<Vocabulary>>();

/** The vocabulary of a language's parts, fetched when a search first needs it. */
function vocabularyOfParts(parts: readonly string[]): Promise<Vocabulary> {
  const key = parts.join();
  let vocabulary = vocabularies.get(key);
  if (!vocabulary) {
    vocabulary = Promise.all(
      parts.map(async (part) => {
        const response = await fetch(`${partUrl(part)}${SEARCH_VOCABULARY_FILE}`);
        if (!response.ok) throw new Error(`${SEARCH_VOCABULARY_FILE}: ${String(response.status)}`);
        return (await response.json()) as string[];
      }),
    ).then((lists) => vocabularyOf(mergeVocabularies(lists)));
    vocabularies.set(key, vocabulary);
    vocabulary.catch(() => vocabularies.delete(key));
  }
  return vocabulary;
}

/**
 * Searches a language's index (the search page's data: its parts, in order, and its search
 * words); a language with nothing to search has no part and finds nothing.
 */
export async function search(
  query: string,
  parts: readonly string[],
  words: SearchWords,
): Promise<SiteSearchResult> {
  if (parts.length === 0)
    return { hits: [], closest: [], leftOut: [], corrections: [], suggestion: null };
  return siteSearch(query, {
    pagefind: await pagefindOf(parts),
    words,
    vocabulary: () => vocabularyOfParts(parts),
  });
}
