// The easy-to-read pages (easy Dutch, FALC, Leichte Sprache, easy English: issue #45) and the
// readability they must reach, below the B1 of the guides. docs/decisions/0026 gives the figures.
import type { LocaleId } from '../../i18n/locales.ts';
import { READING_EASE_NAME } from './formulas.ts';
import type { Figures } from './measure.ts';

/** The easy-to-read versions of guides (translation keys). */
export const EASY_READ_KEYS = ['first-steps-easy', 'financial-aid-easy'] as const;

/**
 * An easy-to-read sentence longer than this fails the content test: Inclusion Europe's
 * "Information for all", FALC and Leichte Sprache all ask for short sentences with one idea each;
 * fifteen words is half the guides' limit.
 */
export const EASY_READ_MAX_SENTENCE_WORDS = 15;

/** What an easy-to-read page must reach, each page on its own. */
export interface EasyReadTarget {
  /** Lowest reading ease (the language's Flesch variant): the guides aim at 60–70, about B1. */
  minEase: number;
  /** Highest LIX: about 35 is easy, 45 average (the guides reach 41–48). */
  maxLix: number;
  /** Highest average sentence length, in words. */
  maxAverageSentence: number;
  /** German: highest Wiener Sachtextformel (a school grade). */
  maxWiener?: number;
}

/**
 * Each language's guides sit at about B1 (reading ease 60–70, LIX 30–42): an easy page must reach
 * the next band of its own scale. Kandel–Moles reads about fifteen points above the other
 * formulas on the same French text (the French guides score 82), so its bar is higher.
 */
export const EASY_READ_TARGETS: Record<LocaleId, EasyReadTarget> = {
  en: { minEase: 80, maxLix: 25, maxAverageSentence: 10 },
  nl: { minEase: 75, maxLix: 35, maxAverageSentence: 10 },
  fr: { minEase: 85, maxLix: 37, maxAverageSentence: 10 },
  de: { minEase: 72, maxLix: 35, maxAverageSentence: 10, maxWiener: 5 },
};

/** What keeps an easy-to-read page's figures from its language's targets; none when it meets them. */
export function easyReadProblems(figures: Figures, lang: LocaleId): string[] {
  const target = EASY_READ_TARGETS[lang];
  const problems: string[] = [];
  if (figures.longestSentence > EASY_READ_MAX_SENTENCE_WORDS)
    problems.push(
      `a sentence of ${String(figures.longestSentence)} words, over ${String(EASY_READ_MAX_SENTENCE_WORDS)}`,
    );
  if (!(figures.ease >= target.minEase))
    problems.push(
      `${READING_EASE_NAME[lang]} ${figures.ease.toFixed(1)}, under ${String(target.minEase)}`,
    );
  if (!(figures.lix <= target.maxLix))
    problems.push(`LIX ${figures.lix.toFixed(1)}, over ${String(target.maxLix)}`);
  if (target.maxWiener !== undefined && !((figures.wiener ?? Infinity) <= target.maxWiener))
    problems.push(
      `Wiener Sachtextformel ${(figures.wiener ?? Number.NaN).toFixed(1)}, over ${String(target.maxWiener)}`,
    );
  if (figures.averageSentence > target.maxAverageSentence)
    problems.push(
      `${figures.averageSentence.toFixed(1)} words a sentence, over ${String(target.maxAverageSentence)}`,
    );
  return problems;
}
