// The build cache's plan from exact keys: what a build writes, skips and indexes again.
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../routes/route-entry.ts';
import type { SearchIndexPart } from '../routes/search-index-parts.ts';
import type { BuildKeys } from './build-cache.ts';
import { keysOf, planBuild, type KeyedBuild } from './build-plan.ts';

/** Keys of five pages: two search index parts of two pages each, and a page in no part. */
function keyed(pages: Record<string, string>): KeyedBuild {
  const keys: BuildKeys = {
    pages: new Map(Object.entries(pages)),
    searchIndexes: new Map([
      ['en-0', `en-0:${pages['/en/a'] ?? ''}+${pages['/en/b'] ?? ''}`],
      ['nl-0', `nl-0:${pages['/nl/a'] ?? ''}+${pages['/nl/b'] ?? ''}`],
    ]),
  };
  const partOf = new Map([
    ['/en/a', 'en-0'],
    ['/en/b', 'en-0'],
    ['/nl/a', 'nl-0'],
    ['/nl/b', 'nl-0'],
  ]);
  return { keys, partOf };
}
const pages = { '/en/a': 'k1', '/en/b': 'k2', '/nl/a': 'k3', '/nl/b': 'k4', '/en/404': 'k5' };

describe('planBuild', () => {
  it('writes every page and indexes every part with no last build', () => {
    const plan = planBuild(keyed(pages), undefined);
    expect([...plan.pages]).toEqual([
      ['/en/a', 'write'],
      ['/en/b', 'write'],
      ['/nl/a', 'write'],
      ['/nl/b', 'write'],
      ['/en/404', 'write'],
    ]);
    expect(plan.pagesKept).toBe(0);
    expect([...plan.keptIndexes]).toEqual([]);
    expect(plan.indexedParts).toEqual(['en-0', 'nl-0']);
  });

  it('skips every page and keeps every part when nothing changed', () => {
    const plan = planBuild(keyed(pages), keyed(pages).keys);
    expect([...plan.pages.values()]).toEqual(['skip', 'skip', 'skip', 'skip', 'skip']);
    expect(plan.pagesKept).toBe(5);
    expect([...plan.keptIndexes]).toEqual(['en-0', 'nl-0']);
    expect(plan.indexedParts).toEqual([]);
  });

  it('writes a changed page and gives the kept pages of its part to the index again', () => {
    const last = keyed(pages).keys;
    const plan = planBuild(keyed({ ...pages, '/en/b': 'k2-edited' }), last);
    expect([...plan.pages]).toEqual([
      ['/en/a', 'index'],
      ['/en/b', 'write'],
      ['/nl/a', 'skip'],
      ['/nl/b', 'skip'],
      ['/en/404', 'skip'],
    ]);
    expect(plan.pagesKept).toBe(4);
    expect([...plan.keptIndexes]).toEqual(['nl-0']);
    expect(plan.indexedParts).toEqual(['en-0']);
  });

  it('writes a page in no part that changed without indexing anything again', () => {
    const plan = planBuild(keyed({ ...pages, '/en/404': 'k5-edited' }), keyed(pages).keys);
    expect(plan.pages.get('/en/404')).toBe('write');
    expect(plan.pagesKept).toBe(4);
    expect(plan.indexedParts).toEqual([]);
  });

  it('writes a new route, and a removed one leaves no trace in the plan', () => {
    const rest = Object.fromEntries(Object.entries(pages).filter(([path]) => path !== '/nl/b'));
    const next = keyed({ ...rest, '/en/new': 'k6' });
    const plan = planBuild(next, keyed(pages).keys);
    expect([...plan.pages]).toEqual([
      ['/en/a', 'skip'],
      ['/en/b', 'skip'],
      ['/nl/a', 'index'],
      ['/en/404', 'skip'],
      ['/en/new', 'write'],
    ]);
    expect(plan.pagesKept).toBe(4);
    expect(plan.indexedParts).toEqual(['nl-0']);
  });
});

describe('keysOf', () => {
  const route = (path: string, title: string) =>
    ({
      path,
      data: { title },
      pageContext: { language: path.slice(1, 3) },
    }) as unknown as RouteEntry;
  const parts: SearchIndexPart[][] = [
    [
      { name: 'en', language: 'en', paths: ['/en/a', '/en/b'] },
      { name: 'en-2', language: 'en', paths: ['/en/c'] },
    ],
  ];
  const routes = [route('/en/a', 'A'), route('/en/b', 'B'), route('/en/c', 'C')];

  it('keys every page in route order and names the part of each searchable page', () => {
    const { keys, partOf } = keysOf('code', 'build', routes, parts);
    expect([...keys.pages.keys()]).toEqual(['/en/a', '/en/b', '/en/c']);
    expect(new Set(keys.pages.values()).size).toBe(3);
    expect([...keys.pages.values()].every((key) => /^[0-9a-f]{32}$/.test(key))).toBe(true);
    expect([...keys.searchIndexes.keys()]).toEqual(['en', 'en-2']);
    expect([...partOf]).toEqual([
      ['/en/a', 'en'],
      ['/en/b', 'en'],
      ['/en/c', 'en-2'],
    ]);
  });

  it('changes the key of an edited page and of its part only', () => {
    const before = keysOf('code', 'build', routes, parts).keys;
    const edited = [routes[0] as RouteEntry, route('/en/b', 'B edited'), routes[2] as RouteEntry];
    const after = keysOf('code', 'build', edited, parts).keys;
    const changed = (map: 'pages' | 'searchIndexes') =>
      [...after[map]].filter(([name, key]) => before[map].get(name) !== key).map(([name]) => name);
    expect(changed('pages')).toEqual(['/en/b']);
    expect(changed('searchIndexes')).toEqual(['en']);
  });

  it('changes every key with the code or the build hash', () => {
    const before = keysOf('code', 'build', routes, parts).keys;
    for (const after of [
      keysOf('code2', 'build', routes, parts).keys,
      keysOf('code', 'build2', routes, parts).keys,
    ]) {
      for (const [path, key] of after.pages) expect(key).not.toBe(before.pages.get(path));
      for (const [part, key] of after.searchIndexes)
        expect(key).not.toBe(before.searchIndexes.get(part));
    }
  });
});
