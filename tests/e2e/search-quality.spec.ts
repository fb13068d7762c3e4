// The site search's regression guard (issue 44): 41 queries of bench/search-queries/ (those with
// `guard: true`: ten a language, and a French name with an elision, "Commission pour l'aide
// financière", that found nothing once the pages wrote "l’aide") against the built site's index,
// run in Node by the search code the search page runs (no browser): each finds a right page
// among its first three, nine in ten first. `npm run bench` scores the whole set of 297 queries.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { answersOf, missesOf, sitePaths, siteSearchIn } from '../../bench/search-quality.ts';
import { loadQueries } from '../../bench/search-quality/queries.ts';
import { rankOfAnswer, scoresOf } from '../../bench/search-quality/score.ts';
import { pagefindInNode } from '../../bench/search-quality/pagefind-node.ts';
import { LOCALE_IDS } from '../../src/i18n/locales.ts';
import { PAGE_KINDS } from '../../src/runtime/search/ranking.ts';

const DIST = join(import.meta.dirname, '../../dist');

test('the guard queries find a right page among the first three, nine in ten first', async () => {
  const queries = loadQueries().filter((query) => query.guard);
  expect(queries.length).toBe(41);
  const answers = await answersOf(queries, async (language) =>
    sitePaths(await siteSearchIn(DIST, language)),
  );
  const outOfThree = answers.filter((answer) => ![1, 2, 3].includes(rankOfAnswer(answer)));
  expect(missesOf(outOfThree)).toEqual([]);
  const { hit1, none } = scoresOf(answers);
  expect(none).toBe(0);
  expect(hit1, missesOf(answers).join('\n')).toBeGreaterThanOrEqual(0.9);
});

test('every page of each language’s index says what kind of page it is', async () => {
  for (const language of LOCALE_IDS) {
    const pagefind = await pagefindInNode(DIST, [language]);
    const entry = JSON.parse(
      readFileSync(join(DIST, 'pagefind', language, 'pagefind-entry.json'), 'utf8'),
    ) as { languages: Record<string, { page_count: number }> };
    let kinds = 0;
    for (const kind of PAGE_KINDS)
      kinds += (await pagefind.search(null, { filters: { kind } })).results.length;
    expect(kinds, language).toBe(entry.languages[language]?.page_count);
  }
});
