// The words of the cookie banner (src/components/consent/), by key. A page's banner takes them
// from its language's catalog; the language splash, which has no language of its own, carries
// them for every language in its data, so that its banner speaks the reader's browser language.
import type { MessageKey, Translate } from '../i18n/translate.ts';

export const CONSENT_KEYS = [
  'consent.title',
  'consent.intro',
  'consent.policyPath',
  'consent.policyLink',
  'consent.categories',
  'consent.analytics',
  'consent.analytics.description',
  'consent.refuse',
  'consent.allowSelected',
  'consent.allowAll',
] as const satisfies readonly MessageKey[];

export type ConsentTexts = Record<(typeof CONSENT_KEYS)[number], string>;

/** The banner's words in the language of `t`. */
export function consentTextsOf(t: Translate): ConsentTexts {
  return Object.fromEntries(CONSENT_KEYS.map((key) => [key, t(key)])) as ConsentTexts;
}
