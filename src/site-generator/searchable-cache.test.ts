// The searchable HTML kept between builds: a page is found again only with the same key, and a
// language's pages become the next build's only once all of them are recorded.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serialize } from 'node:v8';
import { keptItems } from './build-cache.ts';
import { searchableCache } from './searchable-cache.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const textOf = (html: Uint8Array | undefined) => html && new TextDecoder().decode(html);

describe('searchableCache', () => {
  it('gives back a page recorded by the last build when its key is the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guichet-searchable-'));
    try {
      const first = searchableCache(dir);
      await first.set('en', '/en/insurance', 'key-1', bytes('<main>Insurance – é</main>'));
      await first.set('en', '/en/contacts', 'key-2', bytes('<main>Contacts</main>'));
      await first.save('en');
      // A language whose pages are not all recorded is not saved.
      await first.set('fr', '/fr/assurances', 'key-3', bytes('<main>Assurances</main>'));

      const second = searchableCache(dir);
      await second.open('en');
      await second.open('fr');
      expect(textOf(second.get('en', '/en/insurance', 'key-1'))).toBe('<main>Insurance – é</main>');
      expect(textOf(second.get('en', '/en/contacts', 'key-2'))).toBe('<main>Contacts</main>');
      expect(second.get('en', '/en/insurance', 'key-changed')).toBeUndefined();
      expect(second.get('en', '/en/news', 'key-1')).toBeUndefined();
      expect(second.get('fr', '/fr/assurances', 'key-3')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('treats a file of an older format as no cache, for pages and for parsed items', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guichet-searchable-'));
    try {
      // The formats before the record files: one serialized map per file.
      writeFileSync(join(dir, 'searchable-en.v8'), serialize(new Map([['/en/a', { key: 'k' }]])));
      writeFileSync(join(dir, 'items.v8'), serialize({ code: 'code', items: new Map() }));
      const cache = searchableCache(dir);
      await cache.open('en');
      expect(cache.get('en', '/en/a', 'k')).toBeUndefined();
      // The record files before the HTML was kept as bytes: [path, key, html as a string].
      const record = serialize(['/fr/a', 'k', '<main>Aide</main>']);
      const length = Buffer.alloc(4);
      length.writeUInt32LE(record.length);
      writeFileSync(join(dir, 'searchable-fr.v8'), Buffer.concat([length, record]));
      await cache.open('fr');
      expect(cache.get('fr', '/fr/a', 'k')).toBeUndefined();
      const items = await keptItems(dir, 'code', true);
      expect(items.reused).toBe(false);
      expect(items.cache.get('anything')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
