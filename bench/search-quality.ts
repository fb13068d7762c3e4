// Search quality over the query set (bench/search-queries/, 273 queries in four languages):
// hit@1, hit@3, MRR@10 and the share with no result, per language and per kind, for Pagefind's
// defaults (the baseline) and for the site's search, in the same run on the same built index.
// Part of `npm run bench`; alone: `node bench/search-quality.ts [distDir] [--misses]` on a built
// site (`npm run build` first; distDir defaults to dist/).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LOCALE_IDS, type LocaleId } from '../src/i18n/locales.ts';
import { normalisePath } from '../src/runtime/paths.ts';
import type { SearchWords } from '../src/routes/page-data.ts';
import type { PagefindInstance } from '../src/runtime/search/engine.ts';
import { SITE_PAGEFIND_OPTIONS } from '../src/runtime/search/ranking.ts';
import { siteSearch, type SiteSearchEnv } from '../src/runtime/search/site-search.ts';
import { mergeVocabularies, vocabularyOf } from '../src/runtime/search/spelling.ts';
import { SEARCH_VOCABULARY_FILE } from '../src/routes/search-index-parts.ts';
import { pagefindInNode } from './search-quality/pagefind-node.ts';
import { loadQueries, type Query } from './search-quality/queries.ts';
import { rankOfAnswer, scoreTable, type Answer } from './search-quality/score.ts';

/** A search as a system under test: the paths of the first ten results of a query. */
export type RankedPaths = (query: string) => Promise<string[]>;

/** What a language's search page gets: its index's parts and its search words. */
export function searchPageData(
  distDir: string,
  language: LocaleId,
): { searchIndexes: string[]; words: SearchWords } {
  const file = join(distDir, 'page-data', language, 'search', 'page-data.json');
  const pageData = JSON.parse(readFileSync(file, 'utf8')) as {
    result: { data: { searchIndexes: string[]; words: SearchWords } };
  };
  return pageData.result.data;
}

/** The parts of a language's index, as its search page names them. */
export const searchParts = (distDir: string, language: LocaleId): string[] =>
  searchPageData(distDir, language).searchIndexes;

/** The site search of a language of a built site, run in Node as the search page runs it. */
export async function siteSearchIn(distDir: string, language: LocaleId): Promise<SiteSearchEnv> {
  const { searchIndexes, words } = searchPageData(distDir, language);
  const pagefind = await pagefindInNode(distDir, searchIndexes, SITE_PAGEFIND_OPTIONS);
  const vocabulary = vocabularyOf(
    mergeVocabularies(
      searchIndexes.map(
        (part) =>
          JSON.parse(
            readFileSync(join(distDir, 'pagefind', part, SEARCH_VOCABULARY_FILE), 'utf8'),
          ) as string[],
      ),
    ),
  );
  return { pagefind, words, vocabulary: () => Promise.resolve(vocabulary) };
}

/** The site search's ranking of a query: its hits, then its closest matches, the first ten. */
export const sitePaths =
  (env: SiteSearchEnv): RankedPaths =>
  async (query) => {
    const { hits, closest } = await siteSearch(query, env);
    const loaded = await Promise.all([...hits, ...closest].slice(0, 10).map((hit) => hit.load()));
    return loaded.map((hit) => normalisePath(hit.url));
  };

/** Pagefind's own ranking of a query, its first ten pages. */
export const pagefindPaths =
  (instance: PagefindInstance): RankedPaths =>
  async (query) => {
    const { results } = await instance.search(query);
    const data = await Promise.all(results.slice(0, 10).map((result) => result.data()));
    return data.map((page) => normalisePath(page.url));
  };

/** Each query's answer from the system of its language. */
export async function answersOf(
  queries: readonly Query[],
  system: (language: LocaleId) => Promise<RankedPaths>,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const language of LOCALE_IDS) {
    const search = await system(language);
    for (const query of queries.filter((one) => one.language === language))
      answers.push({ query, paths: await search(query.q) });
  }
  return answers;
}

/** The queries a system does not answer with a right page first, with its first three. */
export function missesOf(answers: readonly Answer[]): string[] {
  return answers
    .filter((answer) => rankOfAnswer(answer) !== 1)
    .map(
      (answer) =>
        `${answer.query.language} ${answer.query.kind.padEnd(12)} "${answer.query.q}" → ${String(rankOfAnswer(answer))}: ${answer.paths.slice(0, 3).join(', ') || '(nothing)'}`,
    );
}

/** Runs the query set on a built site and prints the tables (and the misses, if asked). */
export async function runSearchQualityBench(distDir: string, showMisses = false): Promise<void> {
  const queries = loadQueries();
  const defaults = await answersOf(queries, async (language) =>
    pagefindPaths(await pagefindInNode(distDir, searchParts(distDir, language))),
  );
  const site = await answersOf(queries, async (language) =>
    sitePaths(await siteSearchIn(distDir, language)),
  );
  const systems = { 'Pagefind defaults': defaults, 'site search': site };
  console.log(`\nSearch quality, ${String(queries.length)} queries (bench/search-queries/):\n`);
  console.log(scoreTable(systems, 'language'));
  console.log('');
  console.log(scoreTable(systems, 'kind'));
  if (showMisses) console.log(`\nMisses of the site search:\n${missesOf(site).join('\n')}`);
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const distDir = resolve(args.find((arg) => !arg.startsWith('--')) ?? 'dist');
  if (!existsSync(join(distDir, 'pagefind')))
    throw new Error(`${distDir} has no search index: run npm run build first`);
  await runSearchQualityBench(distDir, args.includes('--misses'));
}
