// The language of an API answer: ?lang=, else the reader's Accept-Language, else English; and
// one translator per language for the form.* messages of the catalogs.
import type { FastifyRequest } from 'fastify';
import { catalogs } from '../../src/i18n/catalogs.ts';
import { isLocaleId, LOCALE_IDS, preferredLocale, type LocaleId } from '../../src/i18n/locales.ts';
import { createTranslator, type Translate } from '../../src/i18n/translate.ts';

const translators = new Map<LocaleId, Translate>(
  LOCALE_IDS.map((language) => [language, createTranslator(language, catalogs[language])]),
);

/** The translator of a language. */
export const translatorFor = (language: LocaleId): Translate =>
  translators.get(language) ?? createTranslator(language, catalogs[language]);

/** A request's own `lang` (in its query or its JSON body), if it has one. */
const langOf = (part: unknown): unknown =>
  part && typeof part === 'object' && Object.hasOwn(part, 'lang')
    ? (part as { lang: unknown }).lang
    : undefined;

/**
 * The language of a request: ?lang=, else the submission's own lang, else the first
 * Accept-Language we have, else en.
 */
export function languageOf(request: FastifyRequest): LocaleId {
  for (const asked of [langOf(request.query), langOf(request.body)]) {
    if (isLocaleId(asked)) return asked;
  }
  return preferredLocale((request.headers['accept-language'] ?? '').split(','));
}
