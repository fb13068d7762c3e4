import { describe, expect, it } from 'vitest';
import {
  closestWords,
  editDistance,
  editsAllowed,
  mergeVocabularies,
  splitCompound,
  vocabularyOf,
} from './spelling.ts';

describe('editDistance', () => {
  it('counts inserts, deletes, replacements and swaps of neighbours as one edit each', () => {
    expect(editDistance('psycologist', 'psychologist', 2)).toBe(1);
    expect(editDistance('insurence', 'insurance', 2)).toBe(1);
    expect(editDistance('asurance', 'assurance', 2)).toBe(1);
    expect(editDistance('judical', 'judicial', 2)).toBe(1);
    expect(editDistance('reciept', 'receipt', 2)).toBe(1);
    expect(editDistance('verzekring', 'verzekering', 2)).toBe(1);
    expect(editDistance('psygoloog', 'psycholoog', 2)).toBe(2);
  });

  it('stops at the limit', () => {
    expect(editDistance('insurance', 'assistance', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('editsAllowed', () => {
  it('allows no edit below five letters, one up to seven, then two', () => {
    expect([4, 5, 7, 8, 12].map(editsAllowed)).toEqual([0, 1, 1, 2, 2]);
  });
});

// Most frequent first, as the build writes it.
const vocabulary = vocabularyOf([
  'insurance',
  'Psychological',
  'psychologist',
  'Entschädigung',
  'Beerdigung',
  'Kosten',
  'begrafenis',
  'kosten',
  'ziekenhuis',
  'assistance',
]);

describe('closestWords', () => {
  it('finds the words a few edits away, fewest edits then most frequent first, as the pages write them', () => {
    expect(closestWords('psycologist', vocabulary)).toEqual(['psychologist']);
    expect(closestWords('Entschädigug', vocabulary)).toEqual(['Entschädigung']);
    expect(closestWords('entschadigung', vocabulary)).toEqual([]);
  });

  it('guesses nothing for a word of the vocabulary or a short word', () => {
    expect(closestWords('assistance', vocabulary)).toEqual([]);
    expect(closestWords('Kosten', vocabulary)).toEqual([]);
    expect(closestWords('EHIC', vocabulary)).toEqual([]);
  });
});

describe('splitCompound', () => {
  it('cuts a compound into two words of the vocabulary, with a joining s or e', () => {
    expect(splitCompound('begrafeniskosten', vocabulary)).toBe('begrafenis Kosten');
    expect(splitCompound('Beerdigungskosten', vocabulary)).toBe('Beerdigung Kosten');
    expect(splitCompound('ziekenhuiskosten', vocabulary)).toBe('ziekenhuis Kosten');
  });

  it('gives null when no cut gives two words of the vocabulary, neither a common word', () => {
    expect(splitCompound('hospitalisatieverzekering', vocabulary)).toBeNull();
    expect(splitCompound('kostenxx', vocabulary)).toBeNull();
    expect(
      splitCompound('beikosten', vocabularyOf(['bei', 'kosten']), new Set(['bei'])),
    ).toBeNull();
    expect(splitCompound('kosten', vocabulary)).toBeNull();
  });
});

describe('mergeVocabularies', () => {
  it('takes the parts’ words rank by rank, each once', () => {
    expect(mergeVocabularies([['a', 'b', 'c'], ['b', 'd'], []])).toEqual(['a', 'b', 'd', 'c']);
  });
});
