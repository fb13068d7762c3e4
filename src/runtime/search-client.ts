// The browser side of Pagefind: its JavaScript API, loaded from /pagefind/{language}/ (one index
// per language, see search-index-writer.ts) only when a search runs.
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
  search: (term: string) => Promise<{ results: PagefindResult[] }>;
}

export interface SearchResults {
  count: number;
  /** Loads the hits from `start` to `end` (exclusive). */
  load: (start: number, end: number) => Promise<SearchHit[]>;
}

const loaded = new Map<string, Promise<Pagefind>>();

const loadPagefind = (language: string): Promise<Pagefind> => {
  // The URL is computed so that the bundler leaves Pagefind's own module to the browser.
  const url = `${window.location.origin}/pagefind/${language}/pagefind.js`;
  let pagefind = loaded.get(language);
  if (!pagefind) {
    pagefind = (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (module) => {
      await module.options({ excerptLength: 24 });
      return module;
    });
    loaded.set(language, pagefind);
    // A failed load (offline) is not kept: the next search tries again.
    pagefind.catch(() => loaded.delete(language));
  }
  return pagefind;
};

/** Runs a search in the index of the current page's language (its <html lang>). */
export async function search(term: string): Promise<SearchResults> {
  const { results } = await (await loadPagefind(document.documentElement.lang)).search(term);
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
