import { describe, expect, it } from 'vitest';
import { foldWord } from '../../i18n/fold-word.ts';
import { queryWords } from './words.ts';

describe('queryWords', () => {
  it('cuts a query at white space and punctuation, keeping the words as typed', () => {
    expect(queryWords('  Financial aid, (CAW)?  22. März!')).toEqual([
      'Financial',
      'aid',
      'CAW',
      '22',
      'März',
    ]);
  });

  it('takes French elisions off, with a straight or a curly apostrophe', () => {
    expect(queryWords("mon mari est mort dans l'attentat")).toEqual([
      'mon',
      'mari',
      'est',
      'mort',
      'dans',
      'attentat',
    ]);
    expect(queryWords('je n’arrive plus à dormir')).toEqual([
      'je',
      'arrive',
      'plus',
      'à',
      'dormir',
    ]);
  });

  it('cuts a hyphenated word only where a part is a common word', () => {
    const common = new Set(['je', 'ce', 't', 'il']);
    expect(queryWords('dois-je porter plainte', common)).toEqual(['dois', 'porter', 'plainte']);
    expect(queryWords('a-t-il droit', common)).toEqual(['a', 'droit']);
    expect(queryWords('HZIV-CAAMI V-Europe Tele-Onthaal', common)).toEqual([
      'HZIV-CAAMI',
      'V-Europe',
      'Tele-Onthaal',
    ]);
  });

  it('gives nothing for a query of punctuation', () => {
    expect(queryWords(' -- ?! « » ')).toEqual([]);
  });
});

describe('foldWord', () => {
  it('compares words without case or accents', () => {
    expect(foldWord('Financiële')).toBe('financiele');
    expect(foldWord('LIÈGE')).toBe('liege');
    expect(foldWord('Entschädigung')).toBe('entschadigung');
  });
});
