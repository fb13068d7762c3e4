import { describe, expect, it } from 'vitest';
import { localeOfPath } from '../i18n/locales.ts';
import { NOT_FOUND_CASES } from '../../tests/security/url-cases.ts';
import {
  hasFileExtension,
  isFollowUpPath,
  isPagePath,
  notFoundPath,
  offlinePath,
} from './url-rules.ts';

describe('the shared URL rules, on the table both servers are tested against', () => {
  it.each(NOT_FOUND_CASES)(
    '$target: not-found page in $notFoundPageIn',
    ({ target, notFoundPageIn }) => {
      expect(isPagePath(target)).toBe(notFoundPageIn !== null);
      if (notFoundPageIn) expect(localeOfPath(target)).toBe(notFoundPageIn);
    },
  );
});

describe('hasFileExtension', () => {
  it("sees Pagefind's extensions and ignores dots in folder names", () => {
    expect(hasFileExtension('/pagefind/index/en_123.pf_index')).toBe(true);
    expect(hasFileExtension('/en/news.2026/item')).toBe(false);
  });
});

describe('offline and not-found paths', () => {
  it("are under the language's prefix", () => {
    expect(offlinePath('fr')).toBe('/fr/offline');
    expect(notFoundPath('de')).toBe('/de/404');
  });
});

describe('isFollowUpPath', () => {
  it('match the page, its HTML file and its page data, nothing else', () => {
    expect(
      [
        '/en/follow-up',
        'fr/suivi/index.html',
        'en/follow-up/index.html.br',
        'page-data/de/nachverfolgung/page-data.json.gz',
        '/page-data/nl/opvolging/page-data.json',
        '/de/nachverfolgung/',
        '/en/follow-up/x',
        '/en/follow-ups',
        '/page-data/en/contacts/page-data.json',
      ].map(isFollowUpPath),
    ).toEqual([true, true, true, true, true, true, false, false, false]);
  });
});
