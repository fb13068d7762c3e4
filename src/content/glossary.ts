// The glossary (content/glossary.yaml): one name per institution and language, and the other names
// the content must not use. The content test and `npm run content:check` hold every text a reader
// sees (pages, news, attacks, events, the step-by-step words, forms, menus, the contact strip) to it.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { isLocaleId, LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { perLocale } from '../i18n/per-locale.ts';
import { textBlocks } from '../i18n/typography-check.ts';
import type { SiteContent } from './load-content.ts';

const term = z.strictObject({
  name: z.string().min(1),
  /** The official name, written once where readers meet the institution. */
  full: z.string().min(1).optional(),
  avoid: z.array(z.string().min(1)).default([]),
});
export const glossarySchema = z.record(z.string().regex(/^[a-z0-9-]+$/), perLocale(term));
export type Glossary = z.infer<typeof glossarySchema>;

/** Reads and validates content/glossary.yaml. */
export function loadGlossary(file: string): Glossary {
  const result = glossarySchema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  return result.data;
}

export interface GlossaryProblem {
  /** The name the text uses. */
  found: string;
  /** The glossary's name for it. */
  name: string;
}

// Typography aside (’ for ', no-break spaces), a name is the same name.
const plain = (text: string) => text.replaceAll('’', "'").replace(/[\u00a0\u202f]/g, ' ');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const capitalised = (text: string) => (text[0] ?? '').toUpperCase() + text.slice(1);

/** The names of a text that the glossary says to avoid in its language, each once. */
export function glossaryProblems(
  text: string,
  lang: LocaleId,
  glossary: Glossary,
): GlossaryProblem[] {
  const words = plain(text);
  const problems = new Map<string, GlossaryProblem>();
  for (const entry of Object.values(glossary)) {
    const { name, avoid } = entry[lang];
    for (const variant of avoid.flatMap((found) => [found, capitalised(found)])) {
      const pattern = new RegExp(`(?<![\\p{L}\\d])${escape(variant)}(?![\\p{L}\\d])`, 'u');
      if (pattern.test(words)) problems.set(variant, { found: variant, name });
    }
  }
  return [...problems.values()];
}

/** A text a reader sees, where it comes from, and its language. */
export interface ReaderText {
  where: string;
  lang: LocaleId;
  text: string;
}

/** Every text of the content a reader sees, by file, in its language. */
export function readerTexts(content: SiteContent): ReaderText[] {
  const items = [...content.pages, ...content.news, ...content.attacks, ...content.events];
  const texts: ReaderText[] = items.flatMap((item) => [
    { where: item.file, lang: item.lang, text: `${item.title}\n${item.summary}` },
    ...textBlocks(item.html, item.lang).map(({ text, lang }) => ({ where: item.file, lang, text })),
  ]);
  const perLanguage = (where: string, value: unknown): ReaderText[] =>
    Object.entries(perLanguageTexts(value)).flatMap(([lang, strings]) =>
      strings.map((text) => ({ where, lang: lang as LocaleId, text })),
    );
  for (const [id, form] of Object.entries(content.forms))
    texts.push(...perLanguage(`content/forms/${id}.yaml`, form));
  texts.push(...perLanguage('content/menus.yaml', content.menus));
  texts.push(...perLanguage('content/site.yaml', content.site.contact.name));
  if (content.stepByStep)
    for (const [lang, words] of Object.entries(content.stepByStep.texts))
      texts.push(
        ...allStrings(words).map((text) => ({
          where: content.stepByStep?.files.texts[lang as LocaleId] ?? 'content/step-by-step',
          lang: lang as LocaleId,
          text,
        })),
      );
  return texts;
}

const allStrings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(allStrings)
      : [];

/** The strings of the `{ nl, fr, de, en }` records inside a value, by language. */
function perLanguageTexts(value: unknown): Partial<Record<LocaleId, string[]>> {
  const found: Partial<Record<LocaleId, string[]>> = {};
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const entries = Object.entries(node);
    if (
      entries.length === LOCALE_IDS.length &&
      entries.every(([key, text]) => isLocaleId(key) && typeof text === 'string')
    ) {
      for (const [lang, text] of entries) (found[lang as LocaleId] ??= []).push(String(text));
      return;
    }
    for (const [, child] of entries) visit(child);
  };
  visit(value);
  return found;
}
