// "Updated" follows the text: the languages whose body changed since the build get today's date
// in Brussels, the others keep theirs (the build's digests: src/site-generator/admin.test.ts).
import { describe, expect, it } from 'vitest';
import { bodyDigest, brusselsToday, languagesToDate, type BodyDigests } from './text-updated.ts';

const TODAY = '2027-03-22';
const entry = (bodies: Record<string, string>, updated = '2026-11-26') => {
  const { en = '', ...others } = bodies;
  return {
    collection: 'pages',
    path: 'content/pages/contacts.en.md',
    data: { title: 'Contacts', updated, body: en },
    i18n: Object.fromEntries(
      Object.entries(others).map(([lang, body]) => [lang, { data: { updated, body } }]),
    ),
  };
};

describe('languagesToDate', () => {
  it('dates the languages whose body changed, and only those', async () => {
    const digests: BodyDigests = {
      'pages/contacts': {
        en: await bodyDigest('Call the desk.'),
        fr: await bodyDigest('Appelez le guichet.'),
        nl: await bodyDigest('Bel het loket.'),
      },
    };
    const saving = entry({
      en: 'Call the desk.\n',
      fr: 'Appelez le guichet du lundi au vendredi.',
      nl: 'Bel het loket.',
      de: 'Rufen Sie die Anlaufstelle an.',
    });
    // en: the same text but for a final line break; fr: changed; de: new; nl: unchanged.
    expect(await languagesToDate(saving, 'pages/contacts', digests, TODAY)).toEqual(['fr', 'de']);
  });

  it('dates every language of a new entry, and none already dated today', async () => {
    const saving = entry({ en: 'New text.', fr: 'Nouveau texte.' });
    expect(await languagesToDate(saving, 'pages/new', {}, TODAY)).toEqual(['fr', 'en']);
    expect(await languagesToDate(entry({ en: 'New.' }, TODAY), 'pages/new', {}, TODAY)).toEqual([]);
  });

  it('leaves the collections without an updated date alone', async () => {
    const settings = { ...entry({ en: 'x' }), collection: 'settings' };
    expect(await languagesToDate(settings, 'settings/site', {}, TODAY)).toEqual([]);
  });
});

describe('brusselsToday', () => {
  it('gives the date in Brussels, not in UTC', () => {
    expect(brusselsToday(new Date('2027-03-21T23:30:00Z'))).toBe('2027-03-22');
    expect(brusselsToday(new Date('2027-07-01T21:59:00Z'))).toBe('2027-07-01');
    expect(brusselsToday(new Date('2027-07-01T22:00:00Z'))).toBe('2027-07-02');
  });
});
