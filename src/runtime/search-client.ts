// The browser side of Pagefind: its JavaScript API, loaded from /pagefind/{language}/ only when a
// search runs. A large site's language has its index in parts (/pagefind/en/, /pagefind/en-2/…,
// search-index-parts.ts), which Pagefind merges into one list of results.
import { normalisePath } from './paths.ts';

export interface SearchHit {
  url: string;
  title: string;
  section?: string;
  date?: string;
  /** An HTML excerpt with the matches in <mark>; Pagefind escapes the page text. */
  excerpt: string;
}

interface PagefindResult {
  id: string;
  data: () => Promise<{ url: string; excerpt: string; meta: Record<string, string | undefined> }>;
}
interface Pagefind {
  options: (options: Record<string, unknown>) => Promise<void>;
  mergeIndex: (url: string, options: Record<string, unknown>) => Promise<void>;
  search: (term: string) => Promise<{ results: PagefindResult[] }>;
}

export interface SearchResults {
  count: number;
  /** Loads the hits from `start` to `end` (exclusive). */
  load: (start: number, end: number) => Promise<SearchHit[]>;
}

const OPTIONS = { excerptLength: 24 };
const loaded = new Map<string, Promise<Pagefind>>();
const partUrl = (part: string) => `${window.location.origin}/pagefind/${part}/`;

const loadPagefind = (first: string, others: readonly string[]): Promise<Pagefind> => {
  const key = [first, ...others].join();
  let pagefind = loaded.get(key);
  if (!pagefind) {
    // The URL is computed so that the bundler leaves Pagefind's own module to the browser.
    pagefind = (
      import(/* @vite-ignore */ `${partUrl(first)}pagefind.js`) as Promise<Pagefind>
    ).then(async (module) => {
      await module.options(OPTIONS);
      for (const part of others) await module.mergeIndex(partUrl(part), OPTIONS);
      return module;
    });
    loaded.set(key, pagefind);
    // A failed load (offline) is not kept: the next search tries again.
    pagefind.catch(() => loaded.delete(key));
  }
  return pagefind;
};

/**
 * Runs a search in the parts of an index (the search page's data: its language's parts, in
 * order); a language with nothing to search has no part and finds nothing.
 */
export async function search(term: string, parts: readonly string[]): Promise<SearchResults> {
  const [first, ...others] = parts;
  if (first === undefined) return { count: 0, load: () => Promise.resolve([]) };
  const { results } = await (await loadPagefind(first, others)).search(term);
  return {
    count: results.length,
    load: async (start, end) =>
      Promise.all(
        results.slice(start, end).map(async (result) => {
          const data = await result.data();
          return {
            // The index names a page by its folder ("/en/insurance/"): the page is "/en/insurance".
            url: normalisePath(data.url),
            title: data.meta.title ?? data.url,
            section: data.meta.section,
            date: data.meta.date,
            excerpt: data.excerpt,
          };
        }),
      ),
  };
}
