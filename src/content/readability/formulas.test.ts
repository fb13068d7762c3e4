// The formulas against values computed by hand from the same counts.
import { describe, expect, it } from 'vitest';
import { lix, readingEase, wienerSachtextformel, type TextCounts } from './formulas.ts';

// 2 sentences, 20 words, 30 syllables: ASL 10, ASW 1.5; 5 long words (25%), 4 of three or more
// syllables (20%), 12 of one syllable (60%).
const counts: TextCounts = {
  sentences: 2,
  words: 20,
  syllables: 30,
  longWords: 5,
  polysyllables: 4,
  monosyllables: 12,
};

describe('readability formulas', () => {
  it('gives each language its own Flesch variant', () => {
    expect(readingEase(counts, 'en')).toBeCloseTo(206.835 - 10.15 - 126.9, 6); // 69.785
    expect(readingEase(counts, 'nl')).toBeCloseTo(206.835 - 9.3 - 115.5, 6); // 82.035
    expect(readingEase(counts, 'de')).toBeCloseTo(180 - 10 - 87.75, 6); // 82.25
    expect(readingEase(counts, 'fr')).toBeCloseTo(207 - 10.15 - 110.4, 6); // 86.45
  });

  it('computes LIX and the Wiener Sachtextformel', () => {
    expect(lix(counts)).toBeCloseTo(35, 6);
    expect(wienerSachtextformel(counts)).toBeCloseTo(3.87 + 1.672 + 3.2425 - 1.962 - 0.875, 6);
  });

  it('has no score for an empty text', () => {
    const empty = { ...counts, sentences: 0, words: 0 };
    expect(readingEase(empty, 'en')).toBeNaN();
    expect(lix(empty)).toBeNaN();
  });
});
