// Which parts of a Markdown body count as sentences, and what counts as a word.
import { describe, expect, it } from 'vitest';
import { proseSentences, sentencesOf, wordsOf } from './prose.ts';

describe('proseSentences', () => {
  it('reads paragraphs, list items and the bodies of callouts and accordions, not their titles', () => {
    const markdown = [
      ':::callout What to do now',
      '- Call the desk',
      '- Keep your bills. They prove your costs.',
      ':::',
      '',
      '## A heading is a label',
      '',
      'Read the [contacts page](/en/contacts). Write to terrorvictims@just.fgov.be today.',
      '',
      ':::accordion Who can apply?',
      'Direct victims can apply.',
      ':::',
      '',
      '| table | cell |',
      '|---|---|',
      '| not | prose |',
      '',
      '```',
      'code is not prose.',
      '```',
      '',
      '- [Financial aid](/en/financial-aid)',
      '- [Insurance](/en/insurance)',
    ].join('\n');
    expect(proseSentences(markdown, 'en')).toEqual([
      'Call the desk',
      'Keep your bills.',
      'They prove your costs.',
      'Read the contacts page.',
      'Write to today.',
      'Direct victims can apply.',
    ]);
  });

  it('never joins two list items into one sentence', () => {
    expect(proseSentences('- first item\n- second item\n', 'en')).toEqual([
      'first item',
      'second item',
    ]);
  });
});

describe('wordsOf and sentencesOf', () => {
  it('counts words between spaces, without punctuation, addresses or bare symbols', () => {
    expect(
      wordsOf('Call 02 542 72 24 – or write (e-mail) to a@b.be, see https://x.be: 10%!'),
    ).toEqual(['Call', '02', '542', '72', '24', 'or', 'write', 'e-mail', 'to', 'see', '10']);
    expect(wordsOf('l’aide de l’État')).toEqual(['l’aide', 'de', 'l’État']);
  });

  it('splits sentences by the language’s rules', () => {
    expect(sentencesOf('Oui. La loi de 2017 s’applique ! Et après ?', 'fr')).toEqual([
      'Oui.',
      'La loi de 2017 s’applique !',
      'Et après ?',
    ]);
  });
});
