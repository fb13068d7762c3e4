import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogs } from './catalogs.ts';
import { createTranslator } from './translate.ts';

const placeholders = (message: string): string[] => {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type !== TYPE.literal && element.type !== TYPE.pound && 'value' in element) {
        names.add(element.value);
      }
      if ('options' in element)
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(parse(message));
  return [...names].sort();
};

describe('message catalogs', () => {
  const reference = catalogs.en;

  it.each(['nl', 'fr', 'de'] as const)('%s has the same keys and placeholders as en', (lang) => {
    const catalog = catalogs[lang];
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(reference).sort());
    for (const key of Object.keys(reference) as (keyof typeof reference)[]) {
      expect(placeholders(catalog[key]), `${lang} ${key}`).toEqual(placeholders(reference[key]));
    }
  });

  it('has the exact not-found texts of the spec', () => {
    const en = createTranslator('en', catalogs.en);
    const nl = createTranslator('nl', catalogs.nl);
    expect(en('notFound.title')).toBe('Page not found');
    expect(en('notFound.message', { path: '/en/x' })).toBe(
      'The requested page "/en/x" could not be found.',
    );
    expect(nl('notFound.title')).toBe('Pagina niet gevonden');
    expect(nl('notFound.message', { path: '/nl/x' })).toBe(
      'De opgevraagde pagina "/nl/x" werd niet gevonden.',
    );
    expect(createTranslator('de', catalogs.de)('notFound.title')).toBe('Seite nicht gefunden');
  });

  it('announces navigation as the spec says', () => {
    expect(createTranslator('en', catalogs.en)('route.announce', { title: 'Contacts' })).toBe(
      'Navigated to Contacts',
    );
  });
});

describe('search count messages', () => {
  it.each([
    ['en', 'No results for “x”', '1 result for “x”', '12 results for “x”'],
    ['nl', 'Geen resultaten voor “x”', '1 resultaat voor “x”', '12 resultaten voor “x”'],
    [
      'fr',
      'Aucun résultat pour «\u202fx\u202f»',
      '1 résultat pour «\u202fx\u202f»',
      '12 résultats pour «\u202fx\u202f»',
    ],
    ['de', 'Keine Ergebnisse für „x“', '1 Ergebnis für „x“', '12 Ergebnisse für „x“'],
  ] as const)('%s has the zero, one and many forms', (lang, zero, one, many) => {
    const t = createTranslator(lang, catalogs[lang]);
    expect(t('search.count', { count: 0, query: 'x' })).toBe(zero);
    expect(t('search.count', { count: 1, query: 'x' })).toBe(one);
    expect(t('search.count', { count: 12, query: 'x' })).toBe(many);
  });

  it('has the spec’s required-term and loading texts', () => {
    expect(createTranslator('en', catalogs.en)('search.required')).toBe(
      'Please enter a query to search',
    );
    expect(createTranslator('nl', catalogs.nl)('search.required')).toBe(
      'Gelieve een zoekterm op te geven om te zoeken',
    );
    expect(createTranslator('de', catalogs.de)('search.required')).toBe(
      'Bitte geben Sie eine Suchanfrage ein, um zu suchen',
    );
    expect(createTranslator('nl', catalogs.nl)('search.loading')).toBe('laden...');
  });
});
