// The locale ids the site is built for and the default one (spec points 1 and 9).
// The full locales table (names, iso, flag) is content: content/site.yaml.

export const LOCALE_IDS = ['nl', 'fr', 'de', 'en'] as const;
export type LocaleId = (typeof LOCALE_IDS)[number];
export const DEFAULT_LOCALE: LocaleId = 'en';

/** True when `value` is one of the site's locale ids. */
export function isLocaleId(value: unknown): value is LocaleId {
  return typeof value === 'string' && (LOCALE_IDS as readonly string[]).includes(value);
}

/** The locale a path belongs to, from its first segment; the default locale otherwise. */
export function localeOfPath(path: string): LocaleId {
  const first = path.split('/')[1];
  return isLocaleId(first) ? first : DEFAULT_LOCALE;
}

/**
 * The first of a reader's languages (navigator.languages, or Accept-Language's tags in order) that
 * the site has, by primary subtag (`fr-BE` is fr); the default locale when none is.
 */
export function preferredLocale(languages: readonly string[]): LocaleId {
  return (
    languages.map((tag) => tag.trim().slice(0, 2).toLowerCase()).find(isLocaleId) ?? DEFAULT_LOCALE
  );
}

/** The Intl locale of each language: Belgian conventions, British English. */
export const INTL_LOCALE: Record<LocaleId, string> = {
  nl: 'nl-BE',
  fr: 'fr-BE',
  de: 'de-BE',
  en: 'en-GB',
};
