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
