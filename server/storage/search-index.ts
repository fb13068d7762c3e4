// The inbox's search in what visitors wrote, despite encryption at rest (ADR 0031): each word
// of a submission (its values and its files' names) is normalised as readers type (case,
// accents, ß, œ), cut to its prefixes of 3 to 7 letters (so "kinésithérapeute" is found by
// "kine" and "kinesitherapie" alike), and stored as a 48-bit keyed hash (HMAC-SHA-256 under a
// key derived from the master key), never as the word. A search hashes the words typed the same
// way, under every key of the ring, so that rows indexed before a rotation are still found.
import { createHash, hkdfSync, type Hash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.ts';
import { ringOf, type MasterKey } from './encryption.ts';

const SHORTEST = 3;
const LONGEST = 7;
/** More distinct tokens than this in one submission are not kept (a 5,000-character text has ~600). */
const MOST_TOKENS = 3000;
const LIGATURES: Record<string, string> = { ß: 'ss', œ: 'oe', æ: 'ae', ĳ: 'ij' };

/** The words of a text as readers type them: lower case, without accents, letters and digits. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[ßœæĳ]/g, (char) => LIGATURES[char] ?? char)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= SHORTEST);
}

/** HMAC-SHA-256's two hashes with the key's pads already in: copied per token. */
interface SearchKey {
  inner: Hash;
  outer: Hash;
}
const searchKeys = new WeakMap<MasterKey, SearchKey>();

/**
 * The search key of one master key: derived (HKDF), so it opens nothing. Its HMAC states are
 * prepared once: createHmac per token costs ~50 µs (the key's set-up), a copy ~5 µs.
 */
function searchKeyOf(master: MasterKey): SearchKey {
  let prepared = searchKeys.get(master);
  if (!prepared) {
    const key = Buffer.from(hkdfSync('sha256', master.key, '', 'guichet inbox search v1', 32));
    const pad = (byte: number) => Buffer.concat([key, Buffer.alloc(32)]).map((b) => b ^ byte);
    prepared = {
      inner: createHash('sha256').update(pad(0x36)),
      outer: createHash('sha256').update(pad(0x5c)),
    };
    searchKeys.set(master, prepared);
  }
  return prepared;
}

/** HMAC-SHA-256 of a prefix under a search key, its first 48 bits as a number. */
const tokenOf = (key: SearchKey, prefix: string): number =>
  key.outer.copy().update(key.inner.copy().update(prefix).digest()).digest().readUIntBE(0, 6);

/** The distinct tokens of a submission's texts under the ring's current key. */
export function tokensOf(master: MasterKey, texts: readonly string[]): number[] {
  const prefixes = new Set<string>();
  for (const text of texts) {
    for (const word of searchWords(text)) {
      for (let length = SHORTEST; length <= Math.min(word.length, LONGEST); length++) {
        prefixes.add(word.slice(0, length));
      }
    }
  }
  const key = searchKeyOf(master);
  return [...prefixes].slice(0, MOST_TOKENS).map((prefix) => tokenOf(key, prefix));
}

/**
 * What a search asks for: per word typed (3 letters or more), its tokens under every key of the
 * ring; a submission matches when it holds one token of each word.
 */
export function queryTokens(master: MasterKey, typed: string): number[][] {
  const words = [...new Set(searchWords(typed).map((word) => word.slice(0, LONGEST)))];
  return words
    .slice(0, 10)
    .map((word) => ringOf(master).map((key) => tokenOf(searchKeyOf(key), word)));
}

/** The texts of a submission that a search looks in: its values but files, and file names. */
export function searchableTexts(
  values: Record<string, unknown>,
  fileFields: readonly string[],
  fileNames: readonly string[],
): string[] {
  const texts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (fileFields.includes(name)) continue;
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) texts.push(...value.filter((item) => typeof item === 'string'));
  }
  return [...texts, ...fileNames];
}

/** Replaces a submission's tokens with those of its texts, and says which key made them. */
export async function indexSubmission(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
  master: MasterKey,
  texts: readonly string[],
): Promise<void> {
  const tokens = tokensOf(master, texts);
  await db.deleteFrom('submission_tokens').where('submission_id', '=', id).execute();
  for (let start = 0; start < tokens.length; start += 400) {
    await db
      .insertInto('submission_tokens')
      .values(tokens.slice(start, start + 400).map((token) => ({ token, submission_id: id })))
      .execute();
  }
  await db.updateTable('submissions').set({ search_key: master.id }).where('id', '=', id).execute();
}
