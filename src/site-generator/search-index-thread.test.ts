// The search indexes built in their own thread: one folder per language, Pagefind's ready-made
// UIs left out, and a failure in the thread reaches the build.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownBytes } from './own-bytes.ts';
import { searchIndexesInThread } from './search-index-thread.ts';
import { createSearchIndexes } from './search-index-writer.ts';

// Where the index writer stages pages (search-index-writer.ts).
const STAGING = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

const page = (lang: string, text: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${text}</title></head><body><main data-pagefind-body=""><h1>${text}</h1><p>${text} words.</p></main></body></html>`;

describe('searchIndexesInThread', () => {
  let outDir = '';
  beforeEach(() => {
    outDir = mkdtempSync(join(tmpdir(), 'guichet-index-'));
  });
  afterEach(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  it('writes one index per language, without the ready-made UIs', async () => {
    const indexes = searchIndexesInThread(outDir);
    await indexes.add('en', '/en/financial-aid', page('en', 'Financial aid'));
    // A page as the prerender hands it, UTF-8 bytes: moved to the thread, not copied.
    const bytes = new TextEncoder().encode(page('en', 'Insurance'));
    expect(ownBytes(bytes)).toBe(bytes);
    await indexes.add('en', '/en/insurance', bytes);
    expect(bytes.byteLength).toBe(0);
    // A page read from the searchable cache is a view into its file: its bytes alone are sent,
    // and the file's stay.
    const file = new TextEncoder().encode(`${'x'.repeat(4096)}${page('fr', 'Assurances')}`);
    const cached = file.subarray(4096);
    expect(ownBytes(cached).buffer.byteLength).toBe(cached.byteLength);
    await indexes.add('fr', '/fr/assurances', cached);
    expect(file.byteLength).toBe(4096 + cached.byteLength);
    await indexes.close();
    expect(readdirSync(join(outDir, 'pagefind')).sort()).toEqual(['en', 'fr']);
    for (const [language, pages] of [
      ['en', 2],
      ['fr', 1],
    ] as const) {
      const dir = join(outDir, 'pagefind', language);
      expect(readdirSync(join(dir, 'fragment'))).toHaveLength(pages);
      expect(readdirSync(dir).filter((name) => /-ui\.(js|css)$/.test(name))).toEqual([]);
      const entry = JSON.parse(readFileSync(join(dir, 'pagefind-entry.json'), 'utf8')) as {
        languages: Record<string, { page_count: number }>;
      };
      expect(entry.languages[language]?.page_count).toBe(pages);
    }
  });

  it('fails the build when a language comes back after the next one started', async () => {
    const indexes = searchIndexesInThread(outDir);
    await indexes.add('en', '/en/financial-aid', page('en', 'Financial aid'));
    await indexes.add('fr', '/fr/not-together-check', page('fr', 'Assurances'));
    await indexes.add('en', '/en/insurance', page('en', 'Insurance'));
    await expect(indexes.close()).rejects.toThrow('pagefind: the pages of en are not together');
    // The pages staged for Pagefind are gone with the build (in memory: they would stay until the
    // machine restarts).
    const staged = readdirSync(STAGING).filter((name) => name.startsWith('guichet-pagefind-'));
    expect(
      staged.filter((name) => existsSync(join(STAGING, name, 'fr/not-together-check'))),
    ).toEqual([]);
  });

  it('stages the next language while Pagefind indexes the one before', async () => {
    const indexes = createSearchIndexes(outDir);
    await indexes.add('en', '/en/financial-aid', page('en', 'Financial aid'));
    await indexes.add('fr', '/fr/assurances', page('fr', 'Assurances'));
    // The French page was taken before the English index was written.
    expect(existsSync(join(outDir, 'pagefind/en/pagefind-entry.json'))).toBe(false);
    await indexes.close();
    expect(readdirSync(join(outDir, 'pagefind')).sort()).toEqual(['en', 'fr']);
  });
});
