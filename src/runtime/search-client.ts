// The browser side of Pagefind: its JavaScript API, loaded from /pagefind/ only when a search
// runs. Pagefind picks the index of the document's language (<html lang>).

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

let pagefind: Promise<Pagefind> | undefined;

const loadPagefind = (): Promise<Pagefind> => {
  // The URL is computed so that the bundler leaves Pagefind's own module to the browser.
  const url = `${window.location.origin}/pagefind/pagefind.js`;
  pagefind ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (module) => {
    await module.options({ excerptLength: 24 });
    return module;
  });
  // A failed load (offline) is not cached: the next search tries again.
  pagefind.catch(() => {
    pagefind = undefined;
  });
  return pagefind;
};

/** Runs a search in the index of the current page's language. */
export async function search(term: string): Promise<SearchResults> {
  const { results } = await (await loadPagefind()).search(term);
  return {
    count: results.length,
    load: async (start, end) =>
      Promise.all(
        results.slice(start, end).map(async (result) => {
          const data = await result.data();
          return {
            url: data.url,
            title: data.meta.title ?? data.url,
            section: data.meta.section,
            date: data.meta.date,
            excerpt: data.excerpt,
          };
        }),
      ),
  };
}
