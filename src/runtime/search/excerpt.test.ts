import { describe, expect, it } from 'vitest';
import { excerptOf } from './excerpt.ts';

const words = (count: number) => Array.from({ length: count }, (_, i) => `w${String(i)}`).join(' ');

describe('excerptOf', () => {
  it('marks the matched words and escapes the page’s text', () => {
    expect(excerptOf('Ask <the> "desk" & call 112', [1, 4], 10)).toBe(
      'Ask <mark>&lt;the&gt;</mark> &quot;desk&quot; &amp; <mark>call</mark> 112',
    );
  });

  it('shows the window with the most matches, a few words before the first, with ellipses', () => {
    expect(excerptOf(words(100), [5, 60, 62, 64], 8)).toBe(
      '… w57 w58 w59 <mark>w60</mark> w61 <mark>w62</mark> w63 <mark>w64</mark> …',
    );
  });

  it('opens the page without matches at its start', () => {
    expect(excerptOf(words(30), [], 5)).toBe('w0 w1 w2 w3 w4 …');
  });
});
