import { describe, expect, it } from 'vitest';
import type { SearchWords } from '../../routes/page-data.ts';
import { alternativeIndexOf, alternativesOf, planQuery } from './query-plan.ts';

const words: SearchWords = {
  common: ['my', 'in', 'the', 'how', 'do', 'i', 'for', 'what', 'to', 'me'],
  alternatives: [
    ['husband', 'wife', 'spouse', 'partner'],
    ['died', 'deceased', 'killed'],
    ['financial aid', 'money', 'aide financière'],
    ['Zaventem', 'Brussels Airport', 'airport'],
    ['Brussels', 'Bruxelles'],
  ],
};

describe('planQuery', () => {
  it('leaves common words out and gives each other word the words that mean the same', () => {
    expect(planQuery('my husband died in the attack', words)).toEqual({
      groups: [
        { typed: 'husband', alternatives: ['husband', 'wife', 'spouse', 'partner'] },
        { typed: 'died', alternatives: ['died', 'deceased', 'killed'] },
        { typed: 'attack', alternatives: ['attack'] },
      ],
      ignored: ['my', 'in', 'the'],
    });
  });

  it('matches the longest phrase first, whatever its case and accents', () => {
    expect(planQuery('Brussels Airport', words).groups).toEqual([
      { typed: 'Brussels Airport', alternatives: ['Brussels Airport', 'Zaventem', 'airport'] },
    ]);
    expect(planQuery('how do I apply for Aide Financiere', words).groups).toEqual([
      { typed: 'apply', alternatives: ['apply'] },
      {
        typed: 'Aide Financiere',
        alternatives: ['aide financière', 'financial aid', 'money'],
      },
    ]);
  });

  it('searches a phrase as the alternatives write it, with the elisions the query lost', () => {
    const french: SearchWords = {
      common: ['pour'],
      alternatives: [["Commission pour l'aide financière", "Commission d'aide financière"]],
    };
    expect(planQuery('la commission pour l’aide financiere', french).groups).toEqual([
      { typed: 'la', alternatives: ['la'] },
      {
        typed: 'commission pour aide financiere',
        alternatives: ["Commission pour l'aide financière", "Commission d'aide financière"],
      },
    ]);
  });

  it('keeps the common words of a query that has nothing else', () => {
    expect(planQuery('what to me', words)).toEqual({
      groups: [
        { typed: 'what', alternatives: ['what'] },
        { typed: 'to', alternatives: ['to'] },
        { typed: 'me', alternatives: ['me'] },
      ],
      ignored: [],
    });
  });

  it('plans nothing for an empty query', () => {
    expect(planQuery('  ', words)).toEqual({ groups: [], ignored: [] });
  });
});

describe('alternativesOf', () => {
  it('gives the other words of a word’s group, none for a word in no group', () => {
    const index = alternativeIndexOf(words);
    expect(alternativesOf('Deceased', index)).toEqual(['died', 'killed']);
    expect(alternativesOf('insurance', index)).toEqual([]);
  });
});
