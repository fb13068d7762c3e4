import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldWord } from '../i18n/fold-word.ts';
import { LOCALE_IDS } from '../i18n/locales.ts';
import { loadSearchWords } from './search-words.ts';

const CONTENT = join(import.meta.dirname, '../../content');

/** The folded text of every page, news item, attack and event of a language. */
function contentText(lang: string): string {
  return ['pages', 'news', 'attacks', 'events']
    .flatMap((folder) =>
      readdirSync(join(CONTENT, folder))
        .filter((file) => file.endsWith(`.${lang}.md`))
        .map((file) => readFileSync(join(CONTENT, folder, file), 'utf8')),
    )
    .map(foldWord)
    .join('\n');
}

/** A content/search folder of four copies of `en`, or of the given files. */
function searchFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'search-words-'));
  for (const lang of LOCALE_IDS)
    writeFileSync(join(dir, `${lang}.yaml`), files[lang] ?? files.en ?? '');
  return dir;
}

describe('content/search', () => {
  const words = loadSearchWords(join(CONTENT, 'search'));

  it('has common words and groups of alternatives in every language', () => {
    for (const lang of LOCALE_IDS) {
      expect(words?.[lang].commonWords.split(/\s+/).length, lang).toBeGreaterThan(80);
      expect(words?.[lang].alternatives.length, lang).toBeGreaterThan(40);
    }
  });

  it("gives every group a word or phrase that the language's pages use", () => {
    for (const lang of LOCALE_IDS) {
      const text = contentText(lang);
      const unused = (words?.[lang].alternatives ?? [])
        .map((group) => group.words)
        .filter((group) => !group.some((word) => text.includes(foldWord(word))));
      expect(unused, lang).toEqual([]);
    }
  });
});

describe('loadSearchWords', () => {
  it('refuses a word that is in two groups, naming both', () => {
    const dir = searchFolder({
      en: 'commonWords: the\nalternatives:\n  - words: [airport, Zaventem]\n  - words: [Airport, Brussels Airport]\n',
    });
    expect(() => loadSearchWords(dir)).toThrow(
      `${join(dir, 'nl.yaml')}: alternatives[1]: "Airport" is also in alternatives[0]`,
    );
  });

  it('refuses a group of one word and a word with other characters', () => {
    expect(() =>
      loadSearchWords(
        searchFolder({ en: 'commonWords: the\nalternatives:\n  - words: [alone]\n' }),
      ),
    ).toThrow('alternatives[0].words');
    expect(() =>
      loadSearchWords(
        searchFolder({ en: 'commonWords: the\nalternatives:\n  - words: [a<b>, c]\n' }),
      ),
    ).toThrow('letters, digits, spaces, hyphens or apostrophes');
  });

  it('names a missing language file', () => {
    const dir = searchFolder({ en: 'commonWords: the\nalternatives: []\n', de: '' });
    expect(() => loadSearchWords(dir)).toThrow(`${join(dir, 'de.yaml')}: `);
  });

  it('reads nothing from a content folder without search words', () => {
    expect(loadSearchWords(join(tmpdir(), 'no-such-folder-here'))).toBeUndefined();
  });
});
