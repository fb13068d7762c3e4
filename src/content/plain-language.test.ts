// The content under content/ against the plain-language rules, for every language listed in
// PLAIN_LANGUAGE_CHECKED: no guide sentence over 30 words, no page summary over 25.
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_IDS } from '../i18n/locales.ts';
import { resolvedForReaders } from './desk-references.ts';
import { markdownOf } from './items.ts';
import { loadContent } from './load-content.ts';
import { TEXT_ONLY_ADDRESS } from './site.ts';
import { EASY_READ_KEYS, easyReadProblems } from './readability/easy-read.ts';
import { measure } from './readability/measure.ts';
import { proseSentences } from './readability/prose.ts';
import {
  GUIDE_KEYS,
  PLAIN_LANGUAGE_CHECKED,
  longSentences,
  longSummary,
  type PlainLanguageProblem,
} from './readability/plain-language.ts';

const root = join(import.meta.dirname, '../..');
// Read for their text only: the site's address does not matter here.
const content = loadContent(join(root, 'content'), TEXT_ONLY_ADDRESS);
const guides = new Set<string>(GUIDE_KEYS);

const describeProblem = (file: string, lang: string, problem: PlainLanguageProblem) =>
  `${relative(root, file)} (${lang}): ${problem.kind} of ${String(problem.words)} words, over ${String(problem.limit)}: "${problem.text}"`;

it('holds languages to the rules only once each, and only languages of the site', () => {
  expect(new Set(PLAIN_LANGUAGE_CHECKED).size).toBe(PLAIN_LANGUAGE_CHECKED.length);
  for (const lang of PLAIN_LANGUAGE_CHECKED) expect(LOCALE_IDS).toContain(lang);
});

describe.each(PLAIN_LANGUAGE_CHECKED.map((lang) => [lang]))('plain language in %s', (lang) => {
  const pages = content.pages.filter((page) => page.lang === lang);

  it('has every guide in this language', () => {
    expect(pages.filter((page) => guides.has(page.translationKey)).length).toBe(GUIDE_KEYS.length);
  });

  it(`has no guide sentence over the limit`, () => {
    const problems = pages
      .filter((page) => guides.has(page.translationKey))
      .flatMap((page) =>
        longSentences(resolvedForReaders(markdownOf(page), page.file), lang).map((problem) =>
          describeProblem(page.file, lang, problem),
        ),
      );
    expect(problems).toEqual([]);
  });

  it('has no page summary over the limit', () => {
    const problems = pages.flatMap((page) =>
      longSummary(page.summary).map((problem) => describeProblem(page.file, lang, problem)),
    );
    expect(problems).toEqual([]);
  });
});

describe.each(LOCALE_IDS.map((lang) => [lang]))('easy to read in %s', (lang) => {
  const easy = new Set<string>(EASY_READ_KEYS);
  const pages = content.pages.filter((page) => page.lang === lang && easy.has(page.translationKey));

  it('has every easy-to-read page, each reaching the easy-to-read targets (below B1)', () => {
    expect(pages.map((page) => page.translationKey).sort()).toEqual([...EASY_READ_KEYS].sort());
    const problems = pages.flatMap((page) =>
      easyReadProblems(
        measure(proseSentences(resolvedForReaders(markdownOf(page), page.file), lang), lang),
        lang,
      ).map((problem) => `${relative(root, page.file)}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
