// The site search over Pagefind (docs/decisions/0023-site-search.md): each group of a query's
// plan (query-plan.ts) is searched on its own, with its alternatives and, when its words find
// nothing or little, the closest words of the index's vocabulary (spelling.ts); pages are then
// ranked by how many of the groups they match, then by the sum of their Pagefind scores, weighed
// by the kind of page (a guide before a news item or an event that matches as well).
import { foldWord } from '../../i18n/fold-word.ts';
import type { SearchWords } from '../../routes/page-data.ts';
import { normalisePath } from '../paths.ts';
import type { PagefindData, PagefindInstance, PagefindResponse, PagefindResult } from './engine.ts';
import { excerptOf } from './excerpt.ts';
import { alternativeIndexOf, alternativesOf, planQuery } from './query-plan.ts';
import {
  ALTERNATIVE_WEIGHT,
  CLOSEST_MATCHES,
  CORRECTION_WEIGHT,
  FEW_PAGES,
  KIND_WEIGHTS,
  PAGE_KINDS,
  type PageKind,
} from './ranking.ts';
import { closestWords, splitCompound, type Vocabulary } from './spelling.ts';

/** One page found: its Pagefind id, score, how many of the query's groups it matches. */
export interface SiteHit {
  id: string;
  score: number;
  groups: number;
  /** Loads the page's path, title, metadata and an excerpt around all its matched words. */
  load: () => Promise<LoadedHit>;
}

/** A found page, loaded. */
export interface LoadedHit {
  url: string;
  title: string;
  meta: Record<string, string | undefined>;
  /** HTML: the page's text, escaped, with the matched words in <mark>. */
  excerpt: string;
}

/** A search's outcome, with what the reader should be told about how it was searched. */
export interface SiteSearchResult {
  /** Pages with all the groups; when there are none, the pages with the most of them. */
  hits: SiteHit[];
  /** When the hits are few: other pages with some of the words (closest matches). */
  closest: SiteHit[];
  /** The words left out of the hits because no page had them all (none when all matched). */
  leftOut: string[];
  /** Words that found nothing, replaced by the word of the index the reader may have meant. */
  corrections: { typed: string; used: string }[];
  /** A query to offer ("Did you mean …?") when a word found little; null otherwise. */
  suggestion: string | null;
}

/** What the site search needs besides Pagefind: the language's words and its vocabulary. */
export interface SiteSearchEnv {
  pagefind: PagefindInstance;
  words: SearchWords;
  /** The index's vocabulary, loaded when a word finds nothing or little. */
  vocabulary: () => Promise<Vocabulary>;
}

interface Match {
  score: number;
  locations: Set<number>;
  data: () => Promise<PagefindData>;
}

/** Runs one search per term at most, per Pagefind instance. */
const searches = new WeakMap<PagefindInstance, Map<string, Promise<PagefindResponse>>>();
function searchOnce(pagefind: PagefindInstance, term: string): Promise<PagefindResponse> {
  let cache = searches.get(pagefind);
  if (!cache) searches.set(pagefind, (cache = new Map<string, Promise<PagefindResponse>>()));
  let response = cache.get(term);
  if (!response) {
    response = pagefind.search(term);
    cache.set(term, response);
    response.catch(() => cache.delete(term));
  }
  return response;
}

/** The kind of each page of the index (one filtered search per kind, once per instance). */
const kindsOf = new WeakMap<PagefindInstance, Promise<Map<string, PageKind>>>();
function pageKinds(pagefind: PagefindInstance): Promise<Map<string, PageKind>> {
  let kinds = kindsOf.get(pagefind);
  if (!kinds) {
    kinds = Promise.all(
      PAGE_KINDS.map(async (kind) => {
        const { results } = await pagefind.search(null, { filters: { kind } });
        return results.map((result) => [result.id, kind] as const);
      }),
    ).then((lists) => new Map(lists.flat()));
    kindsOf.set(pagefind, kinds);
    kinds.catch(() => kindsOf.delete(pagefind));
  }
  return kinds;
}

/** A term's pages: those that surely have it, and the others Pagefind found. */
interface TermPages {
  /** Pages with the term itself (stemmed; a phrase's words in a row, or each word anywhere). */
  sure: PagefindResult[];
  /**
   * Pages Pagefind found otherwise: words that start with the term ("cookie": "cookiebeleid"),
   * or, for a word it does not know, the longest indexed word the term starts with
   * ("verzekring": "ver"), which is noise.
   */
  other: PagefindResult[];
}

/**
 * A term's pages, with Pagefind's score of each. Pagefind's exact search ("…") finds only the
 * pages that have the term; its ranked search gives the scores, and more pages (see TermPages).
 * `phrase: false` wants each word anywhere on the page (a compound cut in two).
 */
async function termPages(
  pagefind: PagefindInstance,
  term: string,
  phrase = true,
): Promise<TermPages> {
  const exact = phrase ? [`"${term}"`] : term.split(' ').map((word) => `"${word}"`);
  const [ranked, ...present] = await Promise.all([
    searchOnce(pagefind, term),
    ...exact.map((query) => searchOnce(pagefind, query)),
  ]);
  const onEvery = present.map(({ results }) => new Set(results.map((result) => result.id)));
  const sure = (result: PagefindResult) => onEvery.every((ids) => ids.has(result.id));
  return {
    sure: ranked.results.filter(sure),
    other: ranked.results.filter((result) => !sure(result)),
  };
}

/** Adds a term's pages to a group's matches, their scores weighed by `weight`. */
function addMatches(matches: Map<string, Match>, results: PagefindResult[], weight: number): void {
  for (const result of results) {
    const match = matches.get(result.id);
    const score = result.score * weight;
    if (!match) {
      matches.set(result.id, { score, locations: new Set(result.words), data: result.data });
      continue;
    }
    for (const location of result.words) match.locations.add(location);
    if (score > match.score) match.score = score;
  }
}

/** A group searched: its pages, how many its own words found, and the word used instead. */
interface SearchedGroup {
  typed: string;
  matches: Map<string, Match>;
  found: number;
  /** The vocabulary's word searched as well because the typed one found nothing or little. */
  correction: string | null;
}

const SINGLE_WORD = /^\p{L}+$/u;

/**
 * Searches a group: its alternatives (the pages that surely have them), then, when they surely
 * found little, the closest words of the vocabulary and their alternatives. The other pages
 * Pagefind found for the reader's one word count too, unless a closer word was used.
 */
async function searchGroup(
  env: SiteSearchEnv,
  typed: string,
  alternatives: readonly string[],
): Promise<SearchedGroup> {
  const matches = new Map<string, Match>();
  const found = await Promise.all(alternatives.map((term) => termPages(env.pagefind, term)));
  found.forEach(({ sure }, index) => {
    addMatches(matches, sure, index === 0 ? 1 : ALTERNATIVE_WEIGHT);
  });
  const typedFound = found[0]?.sure.length ?? 0;
  let correction: string | null = null;
  if (matches.size < FEW_PAGES && SINGLE_WORD.test(typed)) {
    // Without the vocabulary (offline), the search goes on with what the words found.
    const vocabulary = await env.vocabulary().catch(() => null);
    const common = new Set(env.words.common);
    const closest = vocabulary ? closestWords(typed, vocabulary) : [];
    const compound =
      vocabulary && closest.length === 0 ? splitCompound(typed, vocabulary, common) : null;
    const candidates = compound === null ? closest : [compound];
    for (const candidate of candidates.filter((word) => !common.has(foldWord(word)))) {
      const { sure } = await termPages(env.pagefind, candidate, compound === null);
      if (sure.length <= matches.size) continue;
      addMatches(matches, sure, CORRECTION_WEIGHT);
      // The word meant may have alternatives of its own ("reimbursement": "refund").
      const others = alternativesOf(candidate, alternativeIndexOf(env.words));
      for (const other of await Promise.all(others.map((term) => termPages(env.pagefind, term))))
        addMatches(matches, other.sure, CORRECTION_WEIGHT * ALTERNATIVE_WEIGHT);
      correction ??= candidate;
    }
  }
  // Only a known word's: a word Pagefind does not know has only noise (and a phrase's other pages
  // miss some of its words, since Pagefind leaves out a word it does not know).
  if (correction === null && typedFound > 0 && SINGLE_WORD.test(typed))
    addMatches(matches, found[0]?.other ?? [], 1);
  return { typed, matches, found: typedFound, correction };
}

/** The query with each corrected word replaced by its correction. */
function correctedQuery(query: string, groups: readonly SearchedGroup[]): string {
  return groups.reduce(
    (text, group) => (group.correction ? text.replace(group.typed, group.correction) : text),
    query.trim(),
  );
}

/** Searches the site for a reader's query (see the top of this file). */
export async function siteSearch(query: string, env: SiteSearchEnv): Promise<SiteSearchResult> {
  const plan = planQuery(query, env.words);
  const kinds = pageKinds(env.pagefind);
  const groups = await Promise.all(
    plan.groups.map((group) => searchGroup(env, group.typed, group.alternatives)),
  );
  const pages = new Map<string, Match & { groups: number }>();
  for (const group of groups) {
    for (const [id, match] of group.matches) {
      const page = pages.get(id);
      if (!page) {
        pages.set(id, { ...match, locations: new Set(match.locations), groups: 1 });
        continue;
      }
      page.groups++;
      page.score += match.score;
      for (const location of match.locations) page.locations.add(location);
    }
  }
  const kindOf = await kinds;
  const ranked: SiteHit[] = [...pages.entries()]
    .map(([id, page]) => ({
      id,
      groups: page.groups,
      score: page.score * KIND_WEIGHTS[kindOf.get(id) ?? 'guide'],
      load: async () => {
        const data = await page.data();
        return {
          // The index names a page by its folder ("/en/insurance/"): the page is "/en/insurance".
          url: normalisePath(data.url),
          title: data.meta.title ?? data.url,
          meta: data.meta,
          excerpt: excerptOf(data.content, [...page.locations]),
        };
      },
    }))
    .sort((a, b) => b.groups - a.groups || b.score - a.score);
  const most = ranked[0]?.groups ?? 0;
  const hits = ranked.filter((hit) => hit.groups === most);
  const first = ranked[0];
  return {
    hits,
    closest:
      hits.length < FEW_PAGES ? ranked.slice(hits.length, hits.length + CLOSEST_MATCHES) : [],
    leftOut:
      first && most < groups.length
        ? groups.filter((group) => !group.matches.has(first.id)).map((group) => group.typed)
        : [],
    corrections: groups
      .filter((group) => group.found === 0 && group.correction !== null)
      .map((group) => ({ typed: group.typed, used: group.correction ?? '' })),
    suggestion: groups.some((group) => group.found > 0 && group.correction !== null)
      ? correctedQuery(query, groups)
      : null,
  };
}
