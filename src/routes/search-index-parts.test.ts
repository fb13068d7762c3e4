// How a language's searchable pages are cut into parts of its search index, on the real content.
import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/load-content.ts';
import { LOCALE_IDS } from '../i18n/locales.ts';
import { buildRouteTable } from './route-table.ts';
import { isSearchable, SEARCH_INDEX_PART_PAGES, searchIndexParts } from './search-index-parts.ts';

const content = loadContent(`${import.meta.dirname}/../../content`, {
  localPreview: 'http://localhost:8080',
});
const { routes } = buildRouteTable(content);
const searchableOf = (language: string) =>
  routes
    .filter((route) => route.pageContext.language === language && isSearchable(route))
    .map((route) => route.path);

describe('searchIndexParts', () => {
  it('gives a language of fewer pages than a part holds one part, named by the language', () => {
    const parts = searchIndexParts(routes);
    expect([...parts.keys()].sort()).toEqual([...LOCALE_IDS].sort());
    for (const language of LOCALE_IDS) {
      expect(searchableOf(language).length).toBeLessThan(SEARCH_INDEX_PART_PAGES);
      expect(parts.get(language)).toEqual([
        { name: language, language, paths: searchableOf(language) },
      ]);
    }
  });

  it('cuts a language into parts of equal size, in route order, none above the limit', () => {
    const english = searchableOf('en');
    const max = Math.floor(english.length / 3) - 1;
    const parts = searchIndexParts(routes, max).get('en') ?? [];
    // Four parts: three would hold more than `max` pages each.
    expect(parts.map((part) => part.name)).toEqual(['en', 'en-2', 'en-3', 'en-4']);
    const sizes = parts.map((part) => part.paths.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(max);
    expect(parts.flatMap((part) => part.paths)).toEqual(english);
    // Search, not-found and offline pages, and the splash, are in no part.
    const inParts = new Set(
      [...searchIndexParts(routes, max).values()].flat().flatMap((part) => part.paths),
    );
    expect(inParts.has('/en/search')).toBe(false);
    expect(inParts.has('/')).toBe(false);
  });

  it('names the parts on each language’s search page', () => {
    const table = buildRouteTable(content, { searchIndexPartPages: 20 });
    for (const language of LOCALE_IDS) {
      const search = table.routes.find((route) => route.path === `/${language}/search`);
      const count = Math.ceil(searchableOf(language).length / 20);
      expect(search?.data).toMatchObject({
        template: 'search',
        searchIndexes: [
          language,
          ...Array.from({ length: count - 1 }, (_, i) => `${language}-${i + 2}`),
        ],
      });
    }
    const search = buildRouteTable(content).routes.find((route) => route.path === '/de/search');
    expect(search?.data).toMatchObject({ searchIndexes: ['de'] });
  });
});
