// The part of Pagefind's browser API (pagefind.js, version 1.6) that the site search uses: typed
// here once, for the browser client (search-client.ts) and for the bench and tests that run the
// same module in Node (bench/search-quality/pagefind-node.ts).

/** One page a Pagefind search found: its id, score and matched word positions. */
export interface PagefindResult {
  id: string;
  score: number;
  /** Positions of the matched words in the page's text (its `content`, split on white space). */
  words: number[];
  data: () => Promise<PagefindData>;
}

/** What Pagefind stored of a page: its path, text, metadata and an excerpt around the matches. */
export interface PagefindData {
  url: string;
  content: string;
  /** An HTML excerpt with the matches in <mark>; Pagefind escapes < and > of the page's text. */
  excerpt: string;
  meta: Record<string, string | undefined>;
}

/** A search's results, best first; null when a later search replaced it (debounced search). */
export interface PagefindResponse {
  results: PagefindResult[];
}

/** One Pagefind instance: an index and the indexes merged into it. */
export interface PagefindInstance {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  mergeIndex: (url: string, options?: Record<string, unknown>) => Promise<void>;
  search: (term: string | null, options?: Record<string, unknown>) => Promise<PagefindResponse>;
  preload: (term: string, options?: Record<string, unknown>) => Promise<void>;
}

/** The module pagefind.js exports. */
export interface PagefindModule {
  createInstance: (options: Record<string, unknown>) => PagefindInstance;
}
