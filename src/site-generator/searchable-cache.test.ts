// The searchable HTML kept between builds: a page is found again only with the same key, and a
// language's pages become the next build's only once all of them are recorded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchableCache } from './searchable-cache.ts';

describe('searchableCache', () => {
  it('gives back a page recorded by the last build when its key is the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guichet-searchable-'));
    try {
      const first = searchableCache(dir);
      await first.set('en', '/en/insurance', 'key-1', '<main>Insurance – é</main>');
      await first.set('en', '/en/contacts', 'key-2', '<main>Contacts</main>');
      await first.save('en');
      // A language whose pages are not all recorded is not saved.
      await first.set('fr', '/fr/assurances', 'key-3', '<main>Assurances</main>');

      const second = searchableCache(dir);
      await second.open('en');
      await second.open('fr');
      expect(second.get('en', '/en/insurance', 'key-1')).toBe('<main>Insurance – é</main>');
      expect(second.get('en', '/en/contacts', 'key-2')).toBe('<main>Contacts</main>');
      expect(second.get('en', '/en/insurance', 'key-changed')).toBeUndefined();
      expect(second.get('en', '/en/news', 'key-1')).toBeUndefined();
      expect(second.get('fr', '/fr/assurances', 'key-3')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
