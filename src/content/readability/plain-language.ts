// The plain-language rules the content test enforces (and the editor should show): how long a
// guide sentence and a page summary may be, and which languages are already held to them.
import type { LocaleId } from '../../i18n/locales.ts';
import { proseSentences, wordsOf } from './prose.ts';

/** A guide sentence longer than this fails the content test. */
export const MAX_SENTENCE_WORDS = 30;
/** A page summary longer than this fails the content test (aim for under 20). */
export const MAX_SUMMARY_WORDS = 25;
/** Sentences over this length are "long": at most 2% of a language's guide sentences should be. */
export const LONG_SENTENCE_WORDS = 25;

/**
 * Languages whose guides and summaries the content test holds to the rules. A language joins when
 * its guides have been rewritten, so that main stays green meanwhile.
 */
export const PLAIN_LANGUAGE_CHECKED: readonly LocaleId[] = ['en', 'nl', 'fr', 'de'];

/** The guides: the pages a reader follows to get help (translation keys). */
export const GUIDE_KEYS = [
  'first-steps',
  'financial-aid',
  'insurance',
  'judicial-procedure',
  'psychological-social-help',
  'national-solidarity-status',
  'medical-costs',
  'central-desk',
  'attack-belgium-abroad',
  'contacts',
  'associations',
  'children',
  'relatives',
  'media',
  'anniversaries-trials',
] as const;

export interface PlainLanguageProblem {
  kind: 'sentence' | 'summary';
  words: number;
  limit: number;
  text: string;
}

/** The sentences of a guide body longer than the rule allows. */
export function longSentences(markdown: string, lang: LocaleId): PlainLanguageProblem[] {
  return proseSentences(markdown, lang)
    .map((text) => ({
      kind: 'sentence' as const,
      words: wordsOf(text).length,
      limit: MAX_SENTENCE_WORDS,
      text,
    }))
    .filter((problem) => problem.words > MAX_SENTENCE_WORDS);
}

/** The summary, when it is longer than the rule allows. */
export function longSummary(summary: string): PlainLanguageProblem[] {
  const words = wordsOf(summary).length;
  return words > MAX_SUMMARY_WORDS
    ? [{ kind: 'summary', words, limit: MAX_SUMMARY_WORDS, text: summary }]
    : [];
}

/** The readability a language's guides should reach, taken together (issue #22). */
export interface ReadabilityTarget {
  /** Lowest reading ease (the language's Flesch variant). */
  minEase: number;
  /** Highest LIX, where one is set. */
  maxLix?: number;
  /** German: a Wiener Sachtextformel at or under this also meets the reading-ease target. */
  maxWiener?: number;
  /** Highest share of sentences over LONG_SENTENCE_WORDS, in percent. */
  maxLongShare: number;
}

export const READABILITY_TARGETS: Record<LocaleId, ReadabilityTarget> = {
  en: { minEase: 65, maxLongShare: 2 },
  nl: { minEase: 60, maxLongShare: 2 },
  de: { minEase: 60, maxWiener: 8, maxLongShare: 2 },
  fr: { minEase: 70, maxLix: 45, maxLongShare: 2 },
};
