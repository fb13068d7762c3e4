// The path proposed from the title when an editor leaves it empty, in each language's section.
import { describe, expect, it } from 'vitest';
import { proposedPaths, slugOf } from './proposed-path.ts';

describe('slugOf', () => {
  it('keeps lowercase ASCII words, joined by hyphens', () => {
    expect(slugOf('Journée du souvenir 2027', 'fr')).toBe('journee-du-souvenir-2027');
    expect(slugOf('L’aide « urgente » : qui paie ?', 'fr')).toBe('l-aide-urgente-qui-paie');
    expect(slugOf('Gedenkstätte für Opfer, Straße', 'de')).toBe('gedenkstaette-fuer-opfer-strasse');
    expect(slugOf('Gedenkstätte', 'nl')).toBe('gedenkstatte');
    expect(slugOf('  ', 'en')).toBe('');
  });
});

describe('proposedPaths', () => {
  it('proposes a path in the section of each language that has a title and no path', () => {
    const entry = {
      collection: 'news',
      path: 'content/news/remembrance-day-2027.en.md',
      data: { title: 'Remembrance day 2027', path: '' },
      i18n: {
        fr: { data: { title: 'Journée du souvenir 2027' } },
        nl: { data: { title: 'Herdenkingsdag 2027', path: '/nl/nieuws/herdenking' } },
        de: { data: { title: 'Gedenktag 2027', path: '' } },
      },
    };
    expect(proposedPaths(entry)).toEqual([
      ['fr', '/fr/actualites/journee-du-souvenir-2027'],
      ['de', '/de/aktuelles/gedenktag-2027'],
      ['en', '/en/news/remembrance-day-2027'],
    ]);
  });

  it('puts a page under its language, and leaves other collections alone', () => {
    const page = {
      collection: 'pages',
      path: 'content/pages/x.en.md',
      data: { title: 'Legal aid' },
    };
    expect(proposedPaths(page)).toEqual([['en', '/en/legal-aid']]);
    expect(proposedPaths({ ...page, collection: 'settings' })).toEqual([]);
  });
});
