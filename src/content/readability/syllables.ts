// Syllables per word and language, for the Flesch-type formulas. English uses the `syllable`
// package (rules and exceptions for English spelling); Dutch, French and German count the parts
// that the TeX hyphenation patterns of the `hyphen` package split a word into, as textstat and
// Pyphen do. Hyphenation never splits one or two letters off a word's ends, so "oder" and "idee"
// count one syllable: scores come out slightly kinder than a hand count, the same way every time.
import { createRequire } from 'node:module';
import { syllable } from 'syllable';
import type { LocaleId } from '../../i18n/locales.ts';

// `hyphen` is CommonJS without an exports map, so Node's ESM loader cannot import "hyphen/de".
const require = createRequire(import.meta.url);
type Hyphenator = (text: string) => string;
const hyphenatorOf = (id: 'de' | 'fr' | 'nl'): Hyphenator =>
  (require(`hyphen/${id}`) as typeof import('hyphen/de')).hyphenateSync;

const SOFT_HYPHEN = '\u00AD';
const HYPHENATORS = { nl: hyphenatorOf('nl'), fr: hyphenatorOf('fr'), de: hyphenatorOf('de') };
const NUMBER = /^[\p{N}.,:/%+-]+$/u;
const PARTS = /(\p{L}+)(['’]?)/gu;
const VOWEL = /[aeiouyàâäéèêëîïôöûüùœæ]/iu;

const bySoftHyphens = (hyphenate: Hyphenator, part: string): number =>
  hyphenate(part).split(SOFT_HYPHEN).length;

/** The syllables of one word in a language; a number (a date, an amount, a phone group) is one. */
export function syllablesOf(word: string, lang: LocaleId): number {
  if (NUMBER.test(word)) return 1;
  if (lang === 'en') return Math.max(1, syllable(word));
  // Parts joined by hyphens or apostrophes ("Opfer-Hilfe", "l’aide") are counted one by one. An
  // elided part ("l’", "qu’") and a part without a vowel (the "s" of "auto’s") add nothing.
  let count = 0;
  for (const [, part = '', apostrophe] of word.matchAll(PARTS)) {
    const elided = apostrophe !== '' && part.length <= 2;
    if (!elided && VOWEL.test(part)) count += bySoftHyphens(HYPHENATORS[lang], part);
  }
  return Math.max(1, count);
}
