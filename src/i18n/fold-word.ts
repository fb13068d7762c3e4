// Words compared as a reader means them: in lower case and without accents, so that "financiele"
// finds "financiële" and "Liege" finds "Liège" (the site search and its content checks).

/** A word folded for comparison: lower case, without accents (é → e, ü → u; ß kept). */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
