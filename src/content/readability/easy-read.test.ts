// The easy-to-read targets at their limits.
import { describe, expect, it } from 'vitest';
import { easyReadProblems, EASY_READ_TARGETS } from './easy-read.ts';
import type { Figures } from './measure.ts';

const figures = (changes: Partial<Figures>): Figures => ({
  sentences: 10,
  words: 80,
  syllables: 100,
  longWords: 8,
  polysyllables: 2,
  monosyllables: 60,
  ease: 90,
  lix: 20,
  averageSentence: 8,
  longSentences: 0,
  longestSentence: 15,
  longestWords: [],
  ...changes,
});

describe('easyReadProblems', () => {
  it('accepts a page at every limit', () => {
    const { minEase, maxLix, maxAverageSentence } = EASY_READ_TARGETS.en;
    expect(
      easyReadProblems(
        figures({ ease: minEase, lix: maxLix, averageSentence: maxAverageSentence }),
        'en',
      ),
    ).toEqual([]);
  });

  it('names each figure past its limit, in the language’s own formula', () => {
    expect(
      easyReadProblems(
        figures({
          longestSentence: 16,
          ease: 69.94,
          lix: 40.04,
          wiener: 6.01,
          averageSentence: 12.3,
        }),
        'de',
      ),
    ).toEqual([
      'a sentence of 16 words, over 15',
      `Amstad 69.9, under ${String(EASY_READ_TARGETS.de.minEase)}`,
      `LIX 40.0, over ${String(EASY_READ_TARGETS.de.maxLix)}`,
      'Wiener Sachtextformel 6.0, over 5',
      '12.3 words a sentence, over 10',
    ]);
  });

  it('fails a page with no prose: its scores are not numbers', () => {
    expect(easyReadProblems(figures({ ease: Number.NaN, lix: Number.NaN }), 'fr')).toHaveLength(2);
  });
});
