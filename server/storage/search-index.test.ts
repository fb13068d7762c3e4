// The search tokens (search-index.ts): words as readers type them, prefixes of 3 to 7 letters,
// and the token a true HMAC-SHA-256 under the key derived from the master key.
import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseMasterKey } from './encryption.ts';
import { queryTokens, searchWords, tokensOf } from './search-index.ts';

const A = parseMasterKey('a'.repeat(64));
const B = parseMasterKey('b'.repeat(64));

describe('the inbox’s search tokens', () => {
  it('reads words as readers type them: case, accents, ß and œ, short words left out', () => {
    expect(searchWords('Kinésithérapeute, STRAßE & sœur: de 12 à 2024 — facture_2.pdf')).toEqual([
      'kinesitherapeute',
      'strasse',
      'soeur',
      '2024',
      'facture',
      'pdf',
    ]);
  });

  it('keeps each word’s prefixes of 3 to 7 letters, as an HMAC-SHA-256 under the derived key', () => {
    const key = Buffer.from(hkdfSync('sha256', A.key, '', 'guichet inbox search v1', 32));
    const hmac = (text: string) => createHmac('sha256', key).update(text).digest().readUIntBE(0, 6);
    expect(tokensOf(A, ['Kinésithérapeute'])).toEqual(
      ['kin', 'kine', 'kines', 'kinesi', 'kinesit'].map(hmac),
    );
    expect(tokensOf(A, ['bus bus'])).toEqual([hmac('bus')]);
    expect(tokensOf(B, ['bus'])).not.toEqual([hmac('bus')]);
  });

  it('asks for each word typed under every key of the ring, cut to 7 letters', () => {
    const ring = { ...B, older: [A] };
    expect(queryTokens(ring, 'Kinésithérapie de')).toEqual([
      [...tokensOf(B, ['kinesit']).slice(-1), ...tokensOf(A, ['kinesit']).slice(-1)],
    ]);
    expect(queryTokens(ring, 'de la')).toEqual([]);
  });
});
