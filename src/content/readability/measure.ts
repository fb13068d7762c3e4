// Readability figures of a set of sentences in one language: the counts the formulas need, the
// scores, and the sentence-length figures the plain-language rules are about.
import type { LocaleId } from '../../i18n/locales.ts';
import { lix, readingEase, wienerSachtextformel, type TextCounts } from './formulas.ts';
import { LONG_SENTENCE_WORDS } from './plain-language.ts';
import { wordsOf } from './prose.ts';
import { syllablesOf } from './syllables.ts';

export interface Figures extends TextCounts {
  /** The language's Flesch-type reading ease (formulas.ts). */
  ease: number;
  lix: number;
  /** German only: the first Wiener Sachtextformel. */
  wiener?: number;
  /** Words per sentence. */
  averageSentence: number;
  /** Sentences of more than LONG_SENTENCE_WORDS words. */
  longSentences: number;
  /** The longest sentence, in words. */
  longestSentence: number;
  /** The longest words, longest first, each once. */
  longestWords: string[];
}

const LETTER = /\p{L}/gu;
const letterCount = (word: string) => word.match(LETTER)?.length ?? 0;

/** Counts and scores a list of sentences of one language. */
export function measure(sentences: readonly string[], lang: LocaleId): Figures {
  const counts: TextCounts = {
    sentences: 0,
    words: 0,
    syllables: 0,
    longWords: 0,
    polysyllables: 0,
    monosyllables: 0,
  };
  let longSentences = 0;
  let longestSentence = 0;
  const distinctWords = new Set<string>();
  for (const sentence of sentences) {
    const words = wordsOf(sentence);
    if (words.length === 0) continue;
    counts.sentences += 1;
    counts.words += words.length;
    if (words.length > LONG_SENTENCE_WORDS) longSentences += 1;
    longestSentence = Math.max(longestSentence, words.length);
    for (const word of words) {
      const syllables = syllablesOf(word, lang);
      counts.syllables += syllables;
      if (syllables >= 3) counts.polysyllables += 1;
      if (syllables === 1) counts.monosyllables += 1;
      if (letterCount(word) > 6) counts.longWords += 1;
      distinctWords.add(word);
    }
  }
  return {
    ...counts,
    ease: readingEase(counts, lang),
    lix: lix(counts),
    ...(lang === 'de' ? { wiener: wienerSachtextformel(counts) } : {}),
    averageSentence: counts.sentences === 0 ? 0 : counts.words / counts.sentences,
    longSentences,
    longestSentence,
    longestWords: [...distinctWords].sort((a, b) => letterCount(b) - letterCount(a)).slice(0, 5),
  };
}
