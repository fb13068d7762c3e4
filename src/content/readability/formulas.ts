// Readability formulas: each language's variant of Flesch's reading ease, LIX, and for German
// the first Wiener Sachtextformel. They take counts only, so they can be checked by hand.
//
// ASL = words per sentence, ASW = syllables per word.
// - English, Flesch (1948): 206.835 − 1.015 ASL − 84.6 ASW (the `flesch` package).
// - Dutch, Flesch–Douma (1960): 206.835 − 0.93 ASL − 77 ASW.
// - German, Amstad (1978): 180 − ASL − 58.5 ASW.
// - French, Kandel & Moles (1958): 207 − 1.015 ASL − 73.6 ASW.
// All four read the same way: 60–70 plain (about B1), higher is easier.
// - LIX (Björnsson 1968): ASL + 100 × share of words longer than six letters; about 35 easy,
//   45 average, 55 hard; the same scale in every language.
// - Wiener Sachtextformel 1 (Bamberger & Vanecek 1984): 0.1935 MS + 0.1672 ASL + 0.1297 IW −
//   0.0327 ES − 0.875, with MS, IW and ES the percentages of words of three or more syllables,
//   of more than six letters and of one syllable; a school grade, 4 easy to 15 very hard.
import { flesch } from 'flesch';
import type { LocaleId } from '../../i18n/locales.ts';

export interface TextCounts {
  sentences: number;
  words: number;
  syllables: number;
  /** Words of more than six letters. */
  longWords: number;
  /** Words of three or more syllables. */
  polysyllables: number;
  /** Words of one syllable. */
  monosyllables: number;
}

const perSentence = (counts: TextCounts) => counts.words / counts.sentences;
const perWord = (counts: TextCounts) => counts.syllables / counts.words;
const percent = (part: number, counts: TextCounts) => (100 * part) / counts.words;

/** The name of each language's reading-ease formula, as the table shows it. */
export const READING_EASE_NAME: Record<LocaleId, string> = {
  en: 'Flesch',
  nl: 'Flesch–Douma',
  de: 'Amstad',
  fr: 'Kandel–Moles',
};

/** The reading ease of a text in its language's variant of Flesch's formula. */
export function readingEase(counts: TextCounts, lang: LocaleId): number {
  if (counts.words === 0 || counts.sentences === 0) return Number.NaN;
  const asl = perSentence(counts);
  const asw = perWord(counts);
  switch (lang) {
    case 'en':
      return flesch({ sentence: counts.sentences, word: counts.words, syllable: counts.syllables });
    case 'nl':
      return 206.835 - 0.93 * asl - 77 * asw;
    case 'de':
      return 180 - asl - 58.5 * asw;
    case 'fr':
      return 207 - 1.015 * asl - 73.6 * asw;
  }
}

/** LIX: words per sentence plus the percentage of words longer than six letters. */
export function lix(counts: TextCounts): number {
  if (counts.words === 0 || counts.sentences === 0) return Number.NaN;
  return perSentence(counts) + percent(counts.longWords, counts);
}

/** The first Wiener Sachtextformel, a German school grade (4 easy … 15 very hard). */
export function wienerSachtextformel(counts: TextCounts): number {
  if (counts.words === 0 || counts.sentences === 0) return Number.NaN;
  return (
    0.1935 * percent(counts.polysyllables, counts) +
    0.1672 * perSentence(counts) +
    0.1297 * percent(counts.longWords, counts) -
    0.0327 * percent(counts.monosyllables, counts) -
    0.875
  );
}
