// A zod object with one entry per locale id, derived from LOCALE_IDS so that adding a language
// changes every per-language schema at once. Its own module: only zod users import it.
import { z } from 'zod';
import { LOCALE_IDS, type LocaleId } from './locales.ts';

/**
 * The schema of `{ nl: value, fr: value, … }` for every locale id; `strict` refuses other keys
 * (the default strips them, as z.object does).
 */
export function perLocale<T extends z.ZodType>(value: T, options: { strict?: boolean } = {}) {
  const shape = Object.fromEntries(LOCALE_IDS.map((id) => [id, value])) as Record<LocaleId, T>;
  return options.strict ? z.strictObject(shape) : z.object(shape);
}

/** The same value for every locale id. */
export function everyLocale<T>(value: T): Record<LocaleId, T> {
  return Object.fromEntries(LOCALE_IDS.map((id) => [id, value])) as Record<LocaleId, T>;
}
