// Items parsed in worker threads are the items the build would parse itself; a file that does not
// parse is left to the build, which reports it.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDeskReferences, resolveDeskReferences } from '../content/desk-references.ts';
import { itemKey, parseItem, type ContentItem } from '../content/items.ts';
import { bodyFileOf, bodyReader, isStoredBody } from './body-store.ts';
import { withItemsParsedAside } from './item-parse-pool.ts';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'guichet-parse-'));
const references = readDeskReferences(join(root, 'content'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('withItemsParsedAside', () => {
  it('answers with the items the build would parse, and leaves a broken file to the build', async () => {
    mkdirSync(join(dir, 'pages'));
    mkdirSync(join(dir, 'news'));
    for (const name of ['first-steps.en.md', 'first-steps.fr.md', 'insurance.de.md'])
      cpSync(join(root, 'content/pages', name), join(dir, 'pages', name));
    const broken = join(dir, 'news', 'broken.en.md');
    writeFileSync(broken, '---\ntitle: [unclosed\n---\nText.\n');
    const fromFallback = { kind: 'page' } as ContentItem;
    const stored: string[] = [];
    const fallback = {
      get: (key: string) => (key === 'kept' ? fromFallback : undefined),
      set: (key: string) => stored.push(key),
    };
    // Four files: too few for workers to pay, unless told.
    expect((await withItemsParsedAside(dir, undefined, fallback, { workers: 2 })).cache).toBe(
      fallback,
    );
    // One item a message: a worker's items come in several.
    const { cache, bodyFiles } = await withItemsParsedAside(dir, undefined, fallback, {
      workers: 2,
      from: 1,
      itemsPerMessage: 1,
      references,
    });
    expect(bodyFiles).toEqual([]);
    for (const name of ['first-steps.en.md', 'first-steps.fr.md', 'insurance.de.md']) {
      const file = join(dir, 'pages', name);
      // The pages hold the desk's references (desk-references.ts), resolved as loadItems does.
      const source = resolveDeskReferences(readFileSync(file, 'utf8'), references, file);
      expect(cache.get(itemKey('page', file, source))).toEqual(parseItem('page', file, source));
    }
    expect(cache.get(itemKey('news', broken, readFileSync(broken, 'utf8')))).toBeUndefined();
    expect(cache.get('kept')).toBe(fromFallback);
    cache.set('new', fromFallback);
    expect(stored).toEqual(['new']);
  });

  it('stores the bodies in one file a worker, and their references read back the bodies', async () => {
    const bodies = join(dir, 'bodies');
    const fallback = { get: () => undefined, set: () => undefined };
    const { cache, bodyFiles } = await withItemsParsedAside(dir, undefined, fallback, {
      workers: 2,
      from: 1,
      bodiesDir: bodies,
      references,
    });
    expect(bodyFiles).toHaveLength(2);
    expect(readdirSync(bodies).sort()).toEqual([...bodyFiles].sort());
    const reader = bodyReader(bodies);
    for (const name of ['first-steps.en.md', 'first-steps.fr.md', 'insurance.de.md']) {
      const file = join(dir, 'pages', name);
      // The pages hold the desk's references (desk-references.ts), resolved as loadItems does.
      const source = resolveDeskReferences(readFileSync(file, 'utf8'), references, file);
      const item = cache.get(itemKey('page', file, source));
      const expected = parseItem('page', file, source);
      expect(item && isStoredBody(item.html)).toBe(true);
      expect(bodyFiles).toContain(bodyFileOf(item?.html ?? ''));
      // The item is the parsed one, its body set aside.
      expect({ ...item, html: reader.read(item?.html ?? '') }).toEqual(expected);
      expect(expected.html.length).toBeGreaterThan(1000);
    }
    reader.close();
  });
});
