// A reader's query cut into words the way the site search compares them: lower case, accents
// folded for comparison, French elisions (l', d', qu'…) and pronouns joined by a hyphen
// ("dois-je") taken off, other hyphenated names ("HZIV-CAAMI", "V-Europe") kept whole.
import { foldWord } from '../../i18n/fold-word.ts';

// Elided articles and pronouns of French (l'attentat, qu'est-ce, j'habite, n'arrive).
const ELISION = /^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu)'(.+)$/u;
// What separates words: white space and punctuation, but not the hyphen and apostrophe inside one.
const SEPARATORS = /[\s,;:!?()[\]{}"«»„“”‚‘/\\|*+=<>…·•]+/u;
// Edges of a word that are not part of it ("22." "(CAW)" "-").
const EDGES = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/**
 * The words of a query, in order: each without surrounding punctuation and elision, a hyphenated
 * word cut where one of its parts is a common word of the language (`common`, folded).
 */
export function queryWords(query: string, common: ReadonlySet<string> = new Set()): string[] {
  const words: string[] = [];
  for (const raw of query.normalize('NFC').replace(/[’`´]/g, "'").split(SEPARATORS)) {
    let word = raw.replace(EDGES, '');
    word = ELISION.exec(word)?.[1] ?? word;
    if (!word) continue;
    const parts = word.split('-').filter(Boolean);
    if (parts.length > 1 && parts.some((part) => common.has(foldWord(part))))
      words.push(...parts.filter((part) => !common.has(foldWord(part))));
    else words.push(word);
  }
  return words;
}
