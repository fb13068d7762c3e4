// The vocabulary of a part of the search index (pagefind/{part}/vocabulary.json): the words of
// the pages Pagefind indexed, read back from its own fragments (each page's text and title as the
// index holds them), most frequent first. The search page loads it only when a word of a query
// finds nothing or little, to offer the closest words ("Did you mean …?", src/runtime/search/).
import { gunzipSync } from 'node:zlib';
import { SEARCH_VOCABULARY_FILE } from '../routes/search-index-parts.ts';
import type { FolderFile } from './sync-folder.ts';

/** The most words kept: the rarest go first (a 16,000-page site has about as many as this site). */
export const VOCABULARY_MAX_WORDS = 40_000;

// Pagefind's fragments are gzipped JSON after this signature.
const SIGNATURE = 'pagefind_dcd';
// A word worth suggesting: three letters or more (no digits; parts of hyphenated words apart).
const WORD = /\p{L}{3,}/gu;

interface Fragment {
  content?: string;
  meta?: { title?: string };
}

/** The pages of a fragment file: one page, or a group of pages by id (Pagefind 1.6). */
function fragmentsOf(bytes: Uint8Array): Fragment[] {
  const text = new TextDecoder().decode(gunzipSync(bytes));
  const parsed = JSON.parse(text.startsWith(SIGNATURE) ? text.slice(SIGNATURE.length) : text) as
    Fragment | Record<string, Fragment>;
  if ('content' in parsed && typeof parsed.content === 'string') return [parsed];
  return Object.values(parsed as Record<string, Fragment>);
}

// Fragments read between two turns of the event loop: the index's thread keeps answering
// Pagefind, which indexes the next part meanwhile (a language of 4,000 pages takes about a
// second to read back).
const FRAGMENTS_A_TURN = 100;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The vocabulary of an index's files: its fragments' words, most frequent first (compared in
 * lower case, each written as the pages most often write it: "Entschädigung", "insurance").
 */
export async function vocabularyFile(files: readonly FolderFile[]): Promise<FolderFile> {
  // Each written form's count; forms of one word are brought together at the end.
  const forms = new Map<string, number>();
  let read = 0;
  for (const file of files) {
    if (!file.path.endsWith('.pf_fragment')) continue;
    for (const fragment of fragmentsOf(file.content)) {
      const text = `${fragment.meta?.title ?? ''} ${fragment.content ?? ''}`;
      for (const [form] of text.matchAll(WORD)) forms.set(form, (forms.get(form) ?? 0) + 1);
    }
    if (++read % FRAGMENTS_A_TURN === 0) await nextTurn();
  }
  const words = new Map<string, { count: number; form: string; formCount: number }>();
  for (const [form, count] of forms) {
    const key = form.toLowerCase();
    const word = words.get(key);
    if (!word) words.set(key, { count, form, formCount: count });
    else {
      word.count += count;
      // The most frequent form; between equals, the first the pages had.
      if (count > word.formCount) Object.assign(word, { form, formCount: count });
    }
  }
  const list = [...words]
    .sort(([a, first], [b, second]) => second.count - first.count || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, VOCABULARY_MAX_WORDS)
    .map(([, word]) => word.form);
  return { path: SEARCH_VOCABULARY_FILE, content: new TextEncoder().encode(JSON.stringify(list)) };
}
