// The site search's ranking configuration, in one place (docs/decisions/0023-site-search.md has
// the figures behind each value; site-search.test.ts holds what the weights are for, and
// tests/e2e/search-quality.spec.ts what they do on the real index): Pagefind's own ranking
// options, and how the site search weighs what Pagefind finds.

/**
 * Pagefind's ranking (pagefind.app/docs/ranking): `pageLength: 0` stops favouring short pages, so
 * a long guide is no longer ranked below a short news item that says the same words less often;
 * a match in the title counts 3 times, not 5: a news item's title holds its few key words, and
 * at 5 it outweighed the guide that explains them.
 */
export const PAGEFIND_RANKING = { pageLength: 0, metaWeights: { title: 3 } } as const;

/** Pagefind's options on the site (search-client.ts sets them; the bench uses the same). */
export const SITE_PAGEFIND_OPTIONS = { excerptLength: 24, ranking: PAGEFIND_RANKING };

/**
 * What the index says a page is (the `kind` filter of src/components/search-meta.ts): a guide or
 * service page of the main menu, another page (home, the pages about the site, archived guidance
 * at its old address), a list (news, agenda), a recognised attack, a news item, an event.
 */
export const PAGE_KINDS = ['guide', 'other', 'list', 'attack', 'news', 'event'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/**
 * How much a page of each kind counts against a guide that matches as well: guides and service
 * pages first, then the pages of recognised attacks and the lists, then the other pages, then
 * news, then events.
 */
export const KIND_WEIGHTS: Record<PageKind, number> = {
  guide: 1,
  other: 0.6,
  list: 0.8,
  attack: 0.8,
  news: 0.5,
  event: 0.4,
};

/** What another word of a group of alternatives counts for against the reader's own word. */
export const ALTERNATIVE_WEIGHT = 0.8;
/** What a word of the vocabulary that the reader may have meant counts for. */
export const CORRECTION_WEIGHT = 0.8;
/** Fewer pages than this for a word is "little": the closest words are searched too. */
export const FEW_PAGES = 3;
/** How many pages with fewer of the words are offered as closest matches when results are few. */
export const CLOSEST_MATCHES = 5;
