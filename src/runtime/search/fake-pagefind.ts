// An in-memory stand-in for Pagefind's search API, for the site search's unit tests: it matches
// as Pagefind 1.6 does what those tests rely on (pagefind_web/src/search.rs): a word finds the
// indexed words that start with it; a word that starts none finds the longest indexed word it
// starts with; a word found nowhere is left out of a query of several; "…" finds a phrase's
// words in a row; a null term with a `kind` filter finds the pages of that kind.
import type { PagefindInstance, PagefindResult } from './engine.ts';
import type { PageKind } from './ranking.ts';

/** A page of the fake index. */
export interface FakePage {
  url: string;
  kind: PageKind;
  text: string;
}

// Words as Pagefind indexes them: lower case, without punctuation, at their place in the text.
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''));

/** A fake Pagefind over `pages`; `searched` lists every term it was asked for. */
export function fakePagefind(
  pages: readonly FakePage[],
): PagefindInstance & { searched: string[] } {
  const indexed = pages.map((page) => wordsOf(page.text));
  const allWords = new Set(indexed.flat());
  const result = (index: number, score: number, words: number[]): PagefindResult => {
    const page = pages[index] as FakePage;
    return {
      id: `p${String(index)}`,
      score,
      words,
      data: () =>
        Promise.resolve({
          url: `${page.url}/`,
          content: page.text,
          excerpt: '',
          meta: { title: page.text.split(' ')[0] ?? '' },
        }),
    };
  };
  /** The indexed words a query word matches. */
  const matching = (word: string): Set<string> => {
    const extensions = [...allWords].filter((known) => known.startsWith(word));
    if (extensions.length > 0) return new Set(extensions);
    const prefixes = [...allWords].filter((known) => word.startsWith(known));
    const longest = prefixes.sort((a, b) => b.length - a.length)[0];
    return new Set(longest ? [longest] : []);
  };
  const searched: string[] = [];
  const search: PagefindInstance['search'] = (term, options) => {
    searched.push(String(term));
    if (term === null) {
      const kind = (options?.filters as { kind?: string } | undefined)?.kind;
      const found = pages.flatMap((page, index) =>
        page.kind === kind ? [result(index, 1, [])] : [],
      );
      return Promise.resolve({ results: found });
    }
    const phrase = /^"(.*)"$/.exec(term)?.[1];
    if (phrase !== undefined) {
      const wanted = wordsOf(phrase);
      const found = indexed.flatMap((words, index) => {
        const at = words.findIndex((_, start) =>
          wanted.every((word, offset) => words[start + offset] === word),
        );
        return at < 0
          ? []
          : [
              result(
                index,
                1,
                wanted.map((_, offset) => at + offset),
              ),
            ];
      });
      return Promise.resolve({ results: found });
    }
    const queryWords = wordsOf(term)
      .map(matching)
      .filter((set) => set.size > 0);
    const found = indexed.flatMap((words, index) => {
      const locations = queryWords.map((set) =>
        words.flatMap((word, at) => (set.has(word) ? [at] : [])),
      );
      if (queryWords.length === 0 || locations.some((list) => list.length === 0)) return [];
      const flat = locations.flat();
      return [result(index, flat.length, flat)];
    });
    return Promise.resolve({ results: found.sort((a, b) => b.score - a.score) });
  };
  return {
    searched,
    search,
    options: () => Promise.resolve(),
    init: () => Promise.resolve(),
    mergeIndex: () => Promise.resolve(),
    preload: () => Promise.resolve(),
  };
}
