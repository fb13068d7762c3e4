// Counting real sentences: words, syllables, long words and long sentences, checked by hand.
import { describe, expect, it } from 'vitest';
import { measure } from './measure.ts';
import { syllablesOf } from './syllables.ts';

describe('measure', () => {
  it('counts a short English text as a person would', () => {
    // the cat sat on the mat: 6 words, 6 syllables; a vic-tim can ap-ply for fi-nan-cial aid:
    // 7 words, 11 syllables; one word longer than six letters (financial).
    const figures = measure(
      ['The cat sat on the mat.', 'A victim can apply for financial aid.'],
      'en',
    );
    expect(figures).toMatchObject({ sentences: 2, words: 13, syllables: 17, longWords: 1 });
    expect(figures.ease).toBeCloseTo(206.835 - 1.015 * 6.5 - 84.6 * (17 / 13), 6); // 89.67
    expect(figures.lix).toBeCloseTo(6.5 + 100 / 13, 6); // 14.19
    expect(figures.averageSentence).toBe(6.5);
    expect(figures.longestSentence).toBe(7);
    expect(figures.longestWords[0]).toBe('financial');
  });

  it('counts a sentence over 25 words as long, and 25 words as not', () => {
    const words = (n: number) => `${Array.from({ length: n }, () => 'word').join(' ')}.`;
    const figures = measure([words(25), words(26), words(3)], 'en');
    expect(figures.longSentences).toBe(1);
    expect(figures.longestSentence).toBe(26);
  });

  it('gives the German formula its Wiener Sachtextformel, and no other language', () => {
    expect(measure(['Das Opfer ruft an.'], 'de').wiener).toBeTypeOf('number');
    expect(measure(['Het slachtoffer belt.'], 'nl')).not.toHaveProperty('wiener');
  });
});

describe('syllablesOf', () => {
  it('counts Dutch, French and German words by their hyphenation', () => {
    expect(syllablesOf('Entschädigungspension', 'de')).toBe(7); // Ent-schä-di-gungs-pen-si-on
    expect(syllablesOf('slachtoffer', 'nl')).toBe(3); // slacht-of-fer
    expect(syllablesOf('réparation', 'fr')).toBe(4); // ré-pa-ra-tion
  });

  it('counts an elided article as nothing and a number as one syllable', () => {
    expect(syllablesOf('l’aide', 'fr')).toBe(1);
    expect(syllablesOf('qu’il', 'fr')).toBe(1);
    expect(syllablesOf('2017', 'en')).toBe(1);
    expect(syllablesOf('10%', 'nl')).toBe(1);
  });
});
