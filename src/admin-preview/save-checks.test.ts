// The checks the editor runs on saving: the build's refusals of links, paths and images, each
// named by field and language, on entries shaped as Sveltia CMS hands them to preSave.
import { describe, expect, it } from 'vitest';
import { saveProblems, savedLanguages, type SavingEntry } from './save-checks.ts';

const OWNERS = {
  '/en': 'pages/home',
  '/en/contacts': 'pages/contacts',
  '/fr/contacts': 'pages/contacts',
  '/en/news': 'pages/news',
  '/en/news/remembrance-2026': 'news/remembrance-2026',
  '/en/search': '',
  '/nl/node/16081': 'pages/node-16081',
};

/** A news item as saved: English fields in `data`, French in `i18n`. */
const news = (en: Record<string, unknown>, fr?: Record<string, unknown>): SavingEntry => ({
  collection: 'news',
  path: 'content/news/ceremony-2027.en.md',
  data: { title: 'Ceremony', path: '/en/news/ceremony-2027', body: 'Text.', ...en },
  i18n: {
    fr: { data: fr && { title: 'Cérémonie', path: '/fr/actualites/ceremonie-2027', ...fr } },
    nl: { data: undefined },
    de: {},
  },
});

describe('savedLanguages', () => {
  it('lists the languages that have fields, in the build’s order, English from data', () => {
    expect(savedLanguages(news({}, { body: 'Texte.' })).map(([lang]) => lang)).toEqual([
      'fr',
      'en',
    ]);
  });

  it('leaves out English when the entry has no English (a node page): its data is empty', () => {
    const entry: SavingEntry = {
      collection: 'pages',
      path: 'content/pages/node-16081.en.md',
      data: {},
      i18n: { nl: { data: { path: '/nl/node/16081', body: '' } } },
    };
    expect(savedLanguages(entry)).toEqual([['nl', { path: '/nl/node/16081', body: '' }]]);
  });
});

describe('saveProblems', () => {
  it('accepts an entry whose links lead to pages, its own headings and other sites', () => {
    const body = [
      '## Where',
      'See [contacts](/en/contacts), [this](#where), [news](/en/news), [search](/en/search),',
      '[the desk](https://www.example.be/x#y), [mail](mailto:a@example.be) and [call](tel:+322).',
    ].join('\n');
    expect(saveProblems(news({ body }), OWNERS)).toEqual([]);
  });

  it('refuses a link to no page, to a heading the entry lacks and to another language', () => {
    const body = '[a](/en/contact) [b](#nowhere) [c](/fr/contacts) [d](/en/contacts#x)';
    expect(saveProblems(news({ body }), OWNERS)).toEqual([
      'Body (en): the link /en/contact leads to no page of this site (a page that is not published yet can be linked once it is)',
      'Body (en): the link #nowhere leads to no heading of this page',
      'Body (en): the link /fr/contacts leads to a page in another language: link to the page in this language (/en/…)',
    ]);
  });

  it('refuses a path another entry or the site has, and one outside its section', () => {
    expect(
      saveProblems(
        news({ path: '/en/news/remembrance-2026' }, { path: '/fr/contacts', body: '' }),
        OWNERS,
      ),
    ).toEqual([
      'Path (fr): /fr/contacts must start with /fr/actualites/',
      'Path (en): /en/news/remembrance-2026 is already the path of content/news/remembrance-2026.en.md; choose another path',
    ]);
    const page: SavingEntry = {
      collection: 'pages',
      path: 'content/pages/help.en.md',
      data: { path: '/en/search', body: '' },
    };
    expect(saveProblems(page, OWNERS)).toEqual([
      'Path (en): /en/search is a page the site makes itself; choose another path',
    ]);
  });

  it('accepts an entry saved again with its own paths', () => {
    const contacts: SavingEntry = {
      collection: 'pages',
      path: 'content/pages/contacts.en.md',
      data: { path: '/en/contacts', body: 'See [us](/en/contacts).' },
      i18n: { fr: { data: { path: '/fr/contacts', body: '' } } },
    };
    expect(saveProblems(contacts, OWNERS)).toEqual([]);
  });

  it('refuses each image without alt text (or with its file name) with the build’s words, naming the body’s language', () => {
    expect(
      saveProblems(news({}, { body: '![](/media/desk.jpg)\n\n![desk](/media/desk.jpg)' }), OWNERS),
    ).toEqual([
      "Body (fr): image /media/desk.jpg has no alt text: write what it shows, in this file's language, between the brackets: ![what it shows](/media/desk.jpg)",
      "Body (fr): image /media/desk.jpg has no alt text: write what it shows, in this file's language, between the brackets: ![what it shows](/media/desk.jpg)",
    ]);
  });

  it('refuses a heading of level 1 in a body: the title is the page’s one h1', () => {
    expect(
      saveProblems(
        news({ body: '# Programme\n\n:::callout Avant\n# Accueil\n:::\n\n## Lieu' }),
        OWNERS,
      ),
    ).toEqual([
      "Body (en): a heading of level 1 (# Programme): the page's title is its only main heading; start the body's headings at ## (## Programme)",
      "Body (en): a heading of level 1 (# Accueil): the page's title is its only main heading; start the body's headings at ## (## Accueil)",
    ]);
  });

  it('lists the images and the links of one body together', () => {
    expect(saveProblems(news({ body: '![](/media/a.png) [a](/en/nowhere)' }), OWNERS)).toEqual([
      "Body (en): image /media/a.png has no alt text: write what it shows, in this file's language, between the brackets: ![what it shows](/media/a.png)",
      'Body (en): the link /en/nowhere leads to no page of this site (a page that is not published yet can be linked once it is)',
    ]);
  });

  it('checks images and paths but leaves links to the build when the site’s paths did not load', () => {
    expect(
      saveProblems(news({ body: '[a](/en/nowhere) ![](/media/a.png)', path: '/en/x' }), undefined),
    ).toEqual([
      'Path (en): /en/x must start with /en/news/',
      "Body (en): image /media/a.png has no alt text: write what it shows, in this file's language, between the brackets: ![what it shows](/media/a.png)",
    ]);
  });

  it('refuses an event without place (nor online) and one that ends before it starts', () => {
    const event = (fields: Record<string, unknown>): SavingEntry => ({
      collection: 'events',
      path: 'content/events/vigil-2027.en.md',
      data: { path: '/en/agenda/vigil-2027', start: '2027-03-22T18:00', body: '', ...fields },
    });
    expect(saveProblems(event({ place: '', end: '2027-03-22T17:00' }), OWNERS)).toEqual([
      'Place (en): an event needs a place, online, or both',
      'End (en): end must not be before start',
    ]);
    expect(saveProblems(event({ online: true, end: '2027-03-22T20:00' }), OWNERS)).toEqual([]);
    expect(saveProblems(event({ onlineLink: 'https://example.org/join' }), OWNERS)).toEqual([]);
    expect(saveProblems(event({ online: false, onlineLink: '' }), OWNERS)).toEqual([
      'Place (en): an event needs a place, online, or both',
    ]);
    expect(saveProblems(event({ place: 'Brussels', end: '' }), OWNERS)).toEqual([]);
  });

  it('checks nothing in the settings, menus and forms', () => {
    expect(
      saveProblems({ collection: 'settings', path: 'content/site.yaml', data: {} }, OWNERS),
    ).toEqual([]);
  });
});
