// The search query set (bench/search-queries/{lang}.yaml, made as its README.md says): read and
// checked, so that a typo in a kind or a page of another language stops the bench, not skews it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { LOCALE_IDS, type LocaleId } from '../../src/i18n/locales.ts';

export const QUERY_KINDS = [
  'keyword',
  'question',
  'service',
  'typo',
  'compound',
  'abbreviation',
  'attack',
  'foreign',
  'news',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

const entrySchema = z.strictObject({
  q: z.string().min(1),
  kind: z.enum(QUERY_KINDS),
  expect: z.array(z.string().regex(/^\/[a-z]{2}(\/[^\s]*)?$/)).min(1),
  /** In the smaller set the regression guard holds (tests/e2e/search-quality.spec.ts). */
  guard: z.boolean().optional(),
});

/** One query: its language, words, kind and the paths of the pages that answer it. */
export interface Query {
  language: LocaleId;
  q: string;
  kind: QueryKind;
  expect: string[];
  guard: boolean;
}

/** The folder of the query files. */
export const QUERY_DIR = join(import.meta.dirname, '../search-queries');

/** Every query of every language, in file order (nl, fr, de, en). */
export function loadQueries(dir = QUERY_DIR): Query[] {
  return LOCALE_IDS.flatMap((language) => {
    const file = join(dir, `${language}.yaml`);
    const entries = z.array(entrySchema).parse(parse(readFileSync(file, 'utf8')));
    return entries.map((entry) => {
      const foreign = entry.expect.find((path) => !path.startsWith(`/${language}/`));
      if (foreign)
        throw new Error(`${file}: "${entry.q}" expects ${foreign}, not a ${language} page`);
      return { language, ...entry, guard: entry.guard ?? false };
    });
  });
}
