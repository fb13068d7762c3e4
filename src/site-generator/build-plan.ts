// The build cache's plan: which of the last build's pages and search index parts a build keeps,
// worked out from this build's keys and the last one's alone (no files read or written, so its
// tests give exact inputs and check the exact plan). build-cache.ts makes, reads and writes the
// keys; build.ts carries the plan out.
import type { RouteEntry } from '../routes/route-entry.ts';
import type { SearchIndexPart } from '../routes/search-index-parts.ts';
import { pageKey, searchIndexKey, type BuildKeys } from './build-cache.ts';

/** This build's keys, and the search index part each searchable page goes into. */
export interface KeyedBuild {
  keys: BuildKeys;
  /** Part name by route path (pages in no part are not searchable). */
  partOf: Map<string, string>;
}

/**
 * The key of every page (in the order of `routes`) and of every part of the search indexes (in
 * the order the route table gave them): a part's key is made of its pages' keys.
 */
export function keysOf(
  code: string,
  buildHash: string,
  routes: readonly RouteEntry[],
  searchIndexParts: Iterable<readonly SearchIndexPart[]>,
): KeyedBuild {
  const keys: BuildKeys = {
    pages: new Map(routes.map((route) => [route.path, pageKey(code, buildHash, route)])),
    searchIndexes: new Map(),
  };
  const partOf = new Map<string, string>();
  for (const parts of searchIndexParts)
    for (const part of parts) {
      for (const path of part.paths) partOf.set(path, part.name);
      const pages = part.paths.map((path): [string, string] => [path, keys.pages.get(path) ?? '']);
      keys.searchIndexes.set(part.name, searchIndexKey(code, pages));
    }
  return { keys, partOf };
}

/**
 * What the build does with a page: `write` its files; `skip` it (its files and its search index
 * part are the last build's); or keep its files but give it to its part again, which is indexed
 * anew because another of its pages changed (`index`).
 */
export type PagePlan = 'write' | 'skip' | 'index';

export interface BuildPlan {
  /** By route path, in the order of the keys. */
  pages: Map<string, PagePlan>;
  /** How many pages keep the last build's files (`skip` and `index`). */
  pagesKept: number;
  /** The search index parts kept whole. */
  keptIndexes: Set<string>;
  /** The parts indexed again, in the order of the keys. */
  indexedParts: string[];
}

/**
 * The plan of a build with these keys after one with `last` (undefined: a build from nothing). A
 * page is kept when its key is the last build's (everything its files are made from is the same);
 * a part of a search index, when its key is, that is, when all its pages are kept.
 */
export function planBuild({ keys, partOf }: KeyedBuild, last: BuildKeys | undefined): BuildPlan {
  const keptIndexes = new Set<string>();
  const indexedParts: string[] = [];
  for (const [part, key] of keys.searchIndexes)
    if (last?.searchIndexes.get(part) === key) keptIndexes.add(part);
    else indexedParts.push(part);
  const pages = new Map<string, PagePlan>();
  let pagesKept = 0;
  for (const [path, key] of keys.pages) {
    if (last?.pages.get(path) !== key) {
      pages.set(path, 'write');
      continue;
    }
    pagesKept++;
    const part = partOf.get(path);
    pages.set(path, part === undefined || keptIndexes.has(part) ? 'skip' : 'index');
  }
  return { pages, pagesKept, keptIndexes, indexedParts };
}
