// "Did you mean …?": the closest words of the index's own vocabulary (the words of the pages of
// the search page's language, most frequent first: search-vocabulary.ts writes it at build time),
// by edit distance with accents folded, and a compound cut into two words of that vocabulary
// ("begrafeniskosten" → "begrafenis kosten") when no single word is close.
import { foldWord } from '../../i18n/fold-word.ts';

/** A vocabulary ready for lookups: its words, folded, in order of frequency. */
export interface Vocabulary {
  /** The words as the pages most often write them, most frequent first. */
  words: readonly string[];
  /** Folded word → its first (most frequent) written form. */
  byFolded: ReadonlyMap<string, string>;
}

/** Prepares a vocabulary (most frequent first) for lookups. */
export function vocabularyOf(words: readonly string[]): Vocabulary {
  const byFolded = new Map<string, string>();
  for (const word of words) {
    const folded = foldWord(word);
    if (!byFolded.has(folded)) byFolded.set(folded, word);
  }
  return { words, byFolded };
}

/**
 * The edit distance (Damerau–Levenshtein, optimal string alignment: insert, delete, replace or
 * swap two neighbours) between a and b, or `limit + 1` as soon as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previous = before;
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length] ?? limit + 1;
}

/** How many edits a word of this length may need: none below 5 letters, 1 up to 7, then 2. */
export const editsAllowed = (length: number): number => (length < 5 ? 0 : length < 8 ? 1 : 2);

/**
 * The vocabulary's words closest to `word` (folded), fewest edits first and then most frequent:
 * at most `count`, none when the word is itself in the vocabulary (a rare word of the pages is
 * no typo: "liability" is not "disability") or too short to guess at.
 */
export function closestWords(word: string, vocabulary: Vocabulary, count = 2): string[] {
  const folded = foldWord(word);
  const limit = editsAllowed(folded.length);
  if (limit === 0 || vocabulary.byFolded.has(folded)) return [];
  const found: { word: string; distance: number; rank: number }[] = [];
  for (const [rank, candidate] of vocabulary.words.entries()) {
    const distance = editDistance(folded, foldWord(candidate), limit);
    if (distance <= limit) found.push({ word: candidate, distance, rank });
  }
  found.sort((a, b) => a.distance - b.distance || a.rank - b.rank);
  return [...new Set(found.map((one) => one.word))].slice(0, count);
}

// What joins the two words of a Dutch or German compound (ziekenhuis-kosten, Beerdigung-s-kosten).
const LINKS = ['', 's', 'e', 'n', 'en', 'es', 'er'];
const MIN_PART = 3;

/**
 * A compound cut into two words of the vocabulary ("begrafeniskosten" → "begrafenis kosten"),
 * the cut with the longest first word, neither part a common word (`common`, folded: not "bei
 * Stand"); null when there is none, or when the word is itself in the vocabulary.
 */
export function splitCompound(
  word: string,
  vocabulary: Vocabulary,
  common: ReadonlySet<string> = new Set(),
): string | null {
  const folded = foldWord(word);
  if (vocabulary.byFolded.has(folded)) return null;
  const part = (text: string) => (common.has(text) ? undefined : vocabulary.byFolded.get(text));
  for (let cut = folded.length - MIN_PART; cut >= MIN_PART; cut--) {
    const head = part(folded.slice(0, cut));
    if (!head) continue;
    for (const link of LINKS) {
      const rest = folded.slice(cut);
      if (!rest.startsWith(link) || rest.length - link.length < MIN_PART) continue;
      const tail = part(rest.slice(link.length));
      if (tail) return `${head} ${tail}`;
    }
  }
  return null;
}

/**
 * One vocabulary of the vocabularies of a language's parts (each most frequent first): their
 * words taken in turn, rank by rank, each once.
 */
export function mergeVocabularies(lists: readonly (readonly string[])[]): string[] {
  const merged = new Set<string>();
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let rank = 0; rank < longest; rank++) {
    for (const list of lists) {
      const word = list[rank];
      if (word !== undefined) merged.add(word);
    }
  }
  return [...merged];
}
