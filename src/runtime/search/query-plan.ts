// What a query asks for, before any search: its words grouped into "concepts", each with the
// other words that mean the same on this site (content/search/{lang}.yaml, edited in the CMS),
// and the language's common words left out, so that a question in a reader's own words
// ("my husband died in the attack") searches for what it is about (husband, died, attack).
import type { SearchWords } from '../../routes/page-data.ts';
import { foldWord } from '../../i18n/fold-word.ts';
import { queryWords } from './words.ts';

/** One thing the query asks for: the words the reader typed, and what else means the same. */
export interface QueryGroup {
  /** The reader's words, as typed (one, or the several of a phrase of `alternatives`). */
  typed: string;
  /** Each a Pagefind query (one or more words); the first is what the reader typed. */
  alternatives: string[];
}

/** The groups of a query and the common words left out of it. */
export interface QueryPlan {
  groups: QueryGroup[];
  /** Common words left out, as typed. */
  ignored: string[];
}

/** Finds the alternatives of phrases of up to `longest` words, by their folded words. */
export interface AlternativeIndex {
  byPhrase: Map<string, string[]>;
  longest: number;
}

const phraseKey = (words: readonly string[]) => words.map(foldWord).join(' ');

/** Indexes a language's alternatives by each of their phrases (folded). */
export function indexAlternatives(alternatives: readonly string[][]): AlternativeIndex {
  const byPhrase = new Map<string, string[]>();
  let longest = 1;
  for (const group of alternatives) {
    for (const phrase of group) {
      const words = queryWords(phrase);
      longest = Math.max(longest, words.length);
      byPhrase.set(phraseKey(words), group);
    }
  }
  return { byPhrase, longest };
}

/** The other words of the group a word or phrase is in (none when it is in no group). */
export function alternativesOf(phrase: string, index: AlternativeIndex): string[] {
  const key = phraseKey(queryWords(phrase));
  return (index.byPhrase.get(key) ?? []).filter((other) => phraseKey(queryWords(other)) !== key);
}

const indexes = new WeakMap<SearchWords, AlternativeIndex>();
/** The index of a language's alternatives, made once per words object. */
export function alternativeIndexOf(words: SearchWords): AlternativeIndex {
  let index = indexes.get(words);
  if (!index) indexes.set(words, (index = indexAlternatives(words.alternatives)));
  return index;
}

/**
 * The plan of a query: phrases of the alternatives first (the longest that matches), then each
 * remaining word on its own; common words are left out unless nothing else is left.
 */
export function planQuery(query: string, words: SearchWords): QueryPlan {
  const common = new Set(words.common);
  const index = alternativeIndexOf(words);
  const tokens = queryWords(query, common);
  const groups: QueryGroup[] = [];
  const ignored: string[] = [];
  for (let start = 0; start < tokens.length;) {
    let matched = false;
    for (let length = Math.min(index.longest, tokens.length - start); length > 0; length--) {
      const phrase = tokens.slice(start, start + length);
      const group = index.byPhrase.get(phraseKey(phrase));
      if (!group) continue;
      const typed = phrase.join(' ');
      // A phrase is searched as the alternatives write it: the reader's words lost their
      // elisions ("pour l'aide" is "pour aide" here), and Pagefind's phrase search needs them.
      const key = phraseKey(phrase);
      const written =
        length > 1 ? (group.find((other) => phraseKey(queryWords(other)) === key) ?? typed) : typed;
      groups.push({ typed, alternatives: [written, ...alternativesOf(typed, index)] });
      start += length;
      matched = true;
      break;
    }
    if (matched) continue;
    const word = tokens[start] ?? '';
    if (common.has(foldWord(word))) ignored.push(word);
    else groups.push({ typed: word, alternatives: [word] });
    start++;
  }
  // A query of common words only ("what applies to me" has none left… "to be") keeps them all.
  if (groups.length === 0 && ignored.length > 0) {
    return { groups: ignored.map((word) => ({ typed: word, alternatives: [word] })), ignored: [] };
  }
  return { groups, ignored };
}
