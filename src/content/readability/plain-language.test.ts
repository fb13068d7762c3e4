// The plain-language rules at their limits.
import { describe, expect, it } from 'vitest';
import { longSentences, longSummary } from './plain-language.ts';

const words = (n: number) => Array.from({ length: n }, (_, index) => `w${String(index)}`).join(' ');

describe('plain-language rules', () => {
  it('flags a guide sentence of 31 words and allows one of 30', () => {
    const markdown = `${words(30)}.\n\n- ${words(31)}\n`;
    expect(longSentences(markdown, 'en')).toEqual([
      { kind: 'sentence', words: 31, limit: 30, text: words(31) },
    ]);
  });

  it('flags a summary of 26 words and allows one of 25', () => {
    expect(longSummary(`${words(25)}.`)).toEqual([]);
    expect(longSummary(`${words(26)}.`)).toEqual([
      { kind: 'summary', words: 26, limit: 25, text: `${words(26)}.` },
    ]);
  });
});
