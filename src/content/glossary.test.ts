// The glossary (content/glossary.yaml) and the content held to it: one name per institution and
// language, in every text a reader sees.
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_IDS } from '../i18n/locales.ts';
import { glossaryProblems, loadGlossary, readerTexts, type Glossary } from './glossary.ts';
import { loadContent } from './load-content.ts';
import { TEXT_ONLY_ADDRESS } from './site.ts';

const root = join(import.meta.dirname, '../..');
const glossary = loadGlossary(join(root, 'content/glossary.yaml'));
// Read for their text only: the site's address does not matter here.
const content = loadContent(join(root, 'content'), TEXT_ONLY_ADDRESS);

describe('the content', () => {
  it('calls each institution by the glossary’s name in every language', () => {
    const problems = readerTexts(content).flatMap(({ where, lang, text }) =>
      glossaryProblems(text, lang, glossary).map(
        ({ found, name }) => `${relative(root, where)} (${lang}): "${found}" → "${name}"`,
      ),
    );
    expect([...new Set(problems)]).toEqual([]);
  });
});

describe('the glossary', () => {
  it('names the Commission, its Terrorism division and the Federal Pensions Service in every language', () => {
    for (const id of ['commission', 'terrorism-division', 'pensions-service', 'central-desk'])
      for (const lang of LOCALE_IDS)
        expect(glossary[id]?.[lang].name, `${id} ${lang}`).toBeTruthy();
  });

  it('never lists a name as a name to avoid', () => {
    for (const [id, entry] of Object.entries(glossary))
      for (const lang of LOCALE_IDS)
        expect(glossaryProblems(entry[lang].name, lang, glossary), `${id} ${lang}`).toEqual([]);
  });
});

describe('glossaryProblems', () => {
  const sample: Glossary = {
    division: {
      en: { name: 'Terrorism division', avoid: ['Terrorism Division', 'terrorism section'] },
      nl: { name: 'afdeling Terrorisme', avoid: [] },
      fr: { name: 'division Terrorisme', avoid: ["section d'aide"] },
      de: { name: 'Abteilung Terrorismus', avoid: ['Terrorismusabteilung'] },
    },
  };

  it('finds another name, with a capital at the start of a sentence too, and says what to write', () => {
    expect(
      glossaryProblems('Write to the Terrorism Division. Terrorism section: no.', 'en', sample),
    ).toEqual([
      { found: 'Terrorism Division', name: 'Terrorism division' },
      { found: 'Terrorism section', name: 'Terrorism division' },
    ]);
  });

  it('reads a name whatever its typography, and only as whole words', () => {
    expect(glossaryProblems('Les sections d’aide', 'fr', sample)).toHaveLength(0);
    expect(glossaryProblems('La section\u202fd’aide', 'fr', sample)).toEqual([
      { found: "section d'aide", name: 'division Terrorisme' },
    ]);
    expect(glossaryProblems('Die Terrorismusabteilungen', 'de', sample)).toEqual([]);
  });
});
