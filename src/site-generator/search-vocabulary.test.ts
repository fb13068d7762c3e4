import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { vocabularyFile } from './search-vocabulary.ts';

/** A fragment file as Pagefind writes it: gzipped, after its signature. */
const fragment = (path: string, value: unknown) => ({
  path,
  content: new Uint8Array(gzipSync(`pagefind_dcd${JSON.stringify(value)}`)),
});

describe('vocabularyFile', () => {
  it("lists the index's words most frequent first, as the pages most often write them", async () => {
    const file = await vocabularyFile([
      fragment('fragment/en_1.pf_fragment', {
        content: 'Insurance after an attack. Your insurance pays; insurance, 2024.',
        meta: { title: 'Insurance' },
      }),
      // Pagefind 1.6 may group several pages' fragments in one file, by id.
      fragment('fragment/en_2.pf_fragment', {
        en_a: { content: 'The attack and the insurer', meta: {} },
        en_b: { content: 'Entschädigung entschädigung Entschädigung attack' },
      }),
      { path: 'index/en_3.pf_index', content: new Uint8Array([1, 2, 3]) },
      { path: 'pagefind-entry.json', content: new TextEncoder().encode('{}') },
    ]);
    expect(file.path).toBe('vocabulary.json');
    expect(JSON.parse(new TextDecoder().decode(file.content))).toEqual([
      // 4 × insurance (twice "Insurance", first), 3 × attack and 3 × Entschädigung (ties in
      // alphabetical order), then once each: "The" and "the", "Your".
      'Insurance',
      'attack',
      'Entschädigung',
      'The',
      'after',
      'and',
      'insurer',
      'pays',
      'Your',
    ]);
  });
});
