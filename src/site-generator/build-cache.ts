// What a rebuild may keep from the build before it: the bundles, when none of their inputs
// changed, and each page whose key (everything its files are made from) is the same as last time.
// The build test proves a rebuild writes the same bytes as a build from nothing.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ContentItem, ItemCache } from '../content/items.ts';
import { pageDataUrl } from '../routes/page-data.ts';
import type { RouteEntry } from '../routes/route-entry.ts';
import { inParallel } from './in-parallel.ts';
import { readRecords, writeRecords } from './record-file.ts';
import { SEARCH_INDEXES } from './search-index-writer.ts';

// What the bundles and the page writer are made from: the code (the build's own included), the
// static files, and the installed packages (npm rewrites node_modules/.package-lock.json).
const BUNDLE_INPUTS = ['src', 'public'];
const BUNDLE_INPUT_FILES = [
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
];

const sha256 = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

/** A hash of every file the bundles and the page writer are built from (their names and bytes). */
export async function codeKey(root: string): Promise<string> {
  const files: string[] = [];
  for (const dir of BUNDLE_INPUTS) {
    const entries = await readdir(join(root, dir), { recursive: true, withFileTypes: true });
    for (const entry of entries)
      if (entry.isFile()) files.push(relative(root, join(entry.parentPath, entry.name)));
  }
  files.push(...BUNDLE_INPUT_FILES.filter((file) => existsSync(join(root, file))));
  files.sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(await readFile(join(root, file)));
  return hash.digest('hex');
}

/** The parsed content items of the last build, and those of this one to keep for the next. */
export interface KeptItems {
  cache: ItemCache;
  /** Whether the last build's items could be used (most items then come from them). */
  reused: boolean;
  /**
   * Writes this build's items for the next one (only those it used), then lets go of them.
   * `bodyFiles`: the files of bodiesDir its items' bodies are stored in, when it parsed them all
   * (body-store.ts); kept items point into the last build's. The other files there are removed.
   */
  save: (bodyFiles?: string[]) => Promise<void>;
}

const itemsFile = (cacheDir: string) => join(cacheDir, 'items.v8');
/** Where the item parse workers store the items' bodies (body-store.ts). */
export const bodiesDir = (cacheDir: string): string => join(cacheDir, 'bodies');
interface ItemsHeader {
  code: string;
  bodyFiles: string[];
}

/**
 * Opens the items the last build parsed with the same code (`reuse` false: none), to give to
 * loadContent. Markdown and YAML are most of the time it takes to read a large site's content.
 * The file holds the code, then each item's key and bytes; an item is deserialized when asked
 * for. When the last build's items are used, an item parsed again is serialized at once, as it
 * was parsed, so the build may save them later (while Pagefind works) whatever it did with them.
 */
export async function keptItems(
  cacheDir: string,
  code: string,
  reuse: boolean,
): Promise<KeptItems> {
  let last = new Map<string, Buffer>();
  let lastBodyFiles: string[] = [];
  if (reuse && existsSync(itemsFile(cacheDir))) {
    try {
      const [savedHeader, ...records] = readRecords(await readFile(itemsFile(cacheDir)));
      const header = savedHeader && (deserialize(savedHeader) as Partial<ItemsHeader>);
      // Items whose bodies are stored in a file that is gone are parsed again.
      const bodyFiles = header && Array.isArray(header.bodyFiles) ? header.bodyFiles : undefined;
      const bodiesThere = bodyFiles?.every((file) => existsSync(join(bodiesDir(cacheDir), file)));
      if (header && header.code === code && bodyFiles && bodiesThere) {
        for (let i = 0; i + 1 < records.length; i += 2)
          last.set((records[i] as Buffer).toString(), records[i + 1] as Buffer);
        lastBodyFiles = bodyFiles;
      }
    } catch {
      // A file of an older format (or cut short): the content is parsed again.
      last = new Map();
    }
  }
  const reused = last.size > 0;
  let next = new Map<string, Buffer | ContentItem>();
  let parsed = 0;
  return {
    cache: {
      get: (key) => {
        const item = last.get(key);
        return item && (deserialize(item) as ContentItem);
      },
      set: (key, item) => {
        const kept = last.get(key);
        if (!kept) parsed++;
        next.set(key, kept ?? (reused ? serialize(item) : item));
      },
    },
    reused,
    save: async (bodyFiles = lastBodyFiles) => {
      const items = next;
      const unchanged = parsed === 0 && next.size === last.size;
      next = new Map();
      last = new Map();
      if (unchanged) return;
      const out = await writeRecords(itemsFile(cacheDir));
      await out.write(serialize({ code, bodyFiles } satisfies ItemsHeader));
      for (const [key, item] of items) {
        await out.write(Buffer.from(key));
        await out.write(Buffer.isBuffer(item) ? item : serialize(item));
      }
      await out.close();
      // Bodies no saved item points into: those of the builds before.
      const dir = bodiesDir(cacheDir);
      const used = new Set(bodyFiles);
      const stored = existsSync(dir) ? await readdir(dir) : [];
      await Promise.all(
        stored
          .filter((file) => !used.has(file))
          .map((file) => rm(join(dir, file), { force: true })),
      );
    },
  };
}

/** The key of one page: the code, this build's assets and chrome (buildHash), and its route. */
export const pageKey = (code: string, buildHash: string, route: RouteEntry): string =>
  sha256(code, buildHash, JSON.stringify(route)).slice(0, 32);

/** The files a route writes, relative to the output folder (with their compressed copies). */
export function pageFiles(path: string): string[] {
  const html = path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
  const data = pageDataUrl(path).slice(1);
  return [html, data].flatMap((file) => [file, `${file}.gz`]);
}

/** The key of a part of a search index: the code and the keys of its pages. */
export const searchIndexKey = (code: string, pages: [path: string, key: string][]): string =>
  sha256(code, ...pages.flat()).slice(0, 32);

/** What a build into an output folder wrote: the key of each page and search index. */
export interface BuildKeys {
  /** By route path. */
  pages: Map<string, string>;
  /** By language. */
  searchIndexes: Map<string, string>;
}
/** The last build's keys, and the hash of each page's HTML (html-hash.ts). */
export interface LastBuild extends BuildKeys {
  htmlHashes: Map<string, string>;
}
interface BuildState {
  outDir: string;
  pages: Record<string, string>;
  searchIndexes: Record<string, string>;
  htmlHashes?: Record<string, string>;
}

const stateFile = (cacheDir: string) => join(cacheDir, 'keys.json');

/**
 * The keys of the last build into `outDir` (none when it was not built with this cache),
 * forgotten until this build ends well: a build that stops half-way leaves nothing to trust.
 */
export async function takeLastKeys(cacheDir: string, outDir: string): Promise<LastBuild> {
  const none: LastBuild = { pages: new Map(), searchIndexes: new Map(), htmlHashes: new Map() };
  let state: BuildState;
  try {
    state = JSON.parse(await readFile(stateFile(cacheDir), 'utf8')) as BuildState;
  } catch {
    return none;
  }
  await rm(stateFile(cacheDir), { force: true });
  if (!existsSync(outDir) || state.outDir !== resolve(outDir)) return none;
  return {
    pages: new Map(Object.entries(state.pages)),
    searchIndexes: new Map(Object.entries(state.searchIndexes)),
    htmlHashes: new Map(Object.entries(state.htmlHashes ?? {})),
  };
}

/** Records the keys and HTML hashes of the build just written into `outDir`. */
export async function writeKeys(
  cacheDir: string,
  outDir: string,
  keys: BuildKeys,
  htmlHashes: Map<string, string>,
): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const state: BuildState = {
    outDir: resolve(outDir),
    pages: Object.fromEntries(keys.pages),
    searchIndexes: Object.fromEntries(keys.searchIndexes),
    htmlHashes: Object.fromEntries(htmlHashes),
  };
  await writeFile(stateFile(cacheDir), JSON.stringify(state));
}

// The bundles, the editor, the images and the static queries: no route writes there.
const NO_PAGES = ['assets', 'admin', 'media', 'page-data/sq'];

/**
 * The folders keepOnly keeps or removes whole (the search indexes and NO_PAGES), which its
 * listing may leave out: the indexes alone hold a third of the output's files.
 */
export const wholeFolders = (outDir: string): Set<string> =>
  new Set([SEARCH_INDEXES, ...NO_PAGES].map((dir) => join(outDir, dir)));
// Files removed at a time: enough to keep libuv's threads busy.
const PARALLEL_REMOVALS = 64;

/**
 * Empties `outDir` but for the files of the pages of `pagePaths` and the folders of `keptDirs`
 * (the search indexes, which the index writer brings up to date file by file). A kept page's
 * files stay as they are; the others of `pagePaths` are written over in place, and everything
 * else (assets, feeds, pages of removed routes) is written again. `listing` is
 * `listFiles(outDir, wholeFolders(outDir))` as the last build left it: it takes a while at 16,000
 * pages, so the build starts it first, beside reading the content.
 *
 * Why in place: on ext4 without a journal (this project's build machines), a file created
 * within 30 seconds of many removals makes the kernel step over every inode just freed
 * (`recently_deleted`). Removing 100,000 files and writing them again made the kernel's share
 * of a 16,000-page build larger than the build's own work; writing over a file keeps its inode.
 */
export async function keepOnly(
  outDir: string,
  listing: Promise<string[]>,
  pagePaths: string[],
  keptDirs: string[],
): Promise<void> {
  const files = await listing;
  // Folders with no page in them go in one call each, and so do the search indexes not kept.
  const keptDirSet = new Set(keptDirs.map((dir) => join(outDir, dir)));
  const indexes = existsSync(join(outDir, SEARCH_INDEXES))
    ? (await readdir(join(outDir, SEARCH_INDEXES))).map((name) =>
        join(outDir, SEARCH_INDEXES, name),
      )
    : [];
  const goneDirs = [
    ...NO_PAGES.map((dir) => join(outDir, dir)),
    ...indexes.filter((dir) => !keptDirSet.has(dir)),
  ];
  await Promise.all(goneDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  // The listing's form of each kept file (join's), made by hand: 100,000 join() calls at 16,000
  // pages took a tenth of a second.
  const base = join(outDir, '.');
  const kept = new Set<string>();
  for (const path of pagePaths) for (const file of pageFiles(path)) kept.add(`${base}/${file}`);
  // The listing leaves out the folders kept or removed whole (wholeFolders).
  const removed = files.filter((file) => !kept.has(file));
  await inParallel(removed, PARALLEL_REMOVALS, (file) => rm(file, { force: true }));
  // The folders of removed routes, deepest first; a folder that still holds a page stays.
  const emptied = new Set(removed.map((file) => dirname(file)));
  for (const dir of [...emptied].sort((a, b) => b.length - a.length)) {
    for (let current = dir; current.startsWith(outDir) && current !== outDir;) {
      try {
        await rmdir(current);
      } catch {
        break;
      }
      current = dirname(current);
    }
  }
}
