// What the service worker never keeps: a search with its query, the parts of the index a query
// loaded, and never a fragment (the answers of "What applies to me?").
import { describe, expect, it } from 'vitest';
import { isNeverKept, keptUrl } from './never-kept.ts';

const ORIGIN = 'https://guichet.test';
const url = (path: string) => new URL(path, ORIGIN);

describe('isNeverKept', () => {
  it.each([
    '/en/search?q=financial%20aid',
    '/nl/search?q=hulp',
    '/de/search?q=',
    '/pagefind/en/index/en_3b1f.pf_index',
    '/pagefind/fr/fragment/fr_8d2a.pf_fragment',
    '/pagefind/index/en_3b1f.pf_index',
    '/en/follow-up',
    '/fr/suivi',
    '/page-data/nl/opvolging/page-data.json',
    '/de/nachverfolgung/index.html',
    '/api/follow-up',
    '/api/follow-up/session',
    '/api/follow-up/messages',
  ])('refuses %s', (path) => {
    expect(isNeverKept(url(path))).toBe(true);
  });

  it.each([
    '/en/search',
    '/en/contacts',
    '/en/news?topics=financial-aid',
    '/page-data/en/search/page-data.json',
    '/pagefind/en/pagefind-entry.json',
    '/pagefind/en/pagefind.en_c76eb5d5f8.pf_meta',
    '/pagefind/pagefind.js',
    '/en/searching?q=x',
    '/en/follow-up-guide',
    '/fr/suivis',
    '/api/follow-ups',
  ])('keeps %s', (path) => {
    expect(isNeverKept(url(path))).toBe(false);
  });
});

describe('keptUrl', () => {
  it('drops the fragment, where "What applies to me?" keeps its answers', () => {
    expect(
      keptUrl('/en/what-applies-to-me#screen=plan&where=belgium&role=injured', ORIGIN).href,
    ).toBe(`${ORIGIN}/en/what-applies-to-me`);
  });
});
