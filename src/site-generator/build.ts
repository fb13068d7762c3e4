// `npm run build`: bundles the client and the prerender entry with Vite, then writes every
// route's HTML and page-data, the static queries, app-data and precompressed copies to dist/.
// The script runs Node with --max-semi-space-size=8 (so do the benches): see worker-limits.ts.
// And with MALLOC_ARENA_MAX=2: glibc gives each thread that allocates an arena of its own, up to
// eight a core, and keeps what the threads freed in them; the parse, prerender and index threads
// left 60 to 70 MB more resident at 16,000 pages (654–664 MB against 585–591 MB, no slower) and
// 150 MB more at 64,000.
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Manifest } from 'vite';
import { loadContent } from '../content/load-content.ts';
import type { SiteAddress } from '../content/site.ts';
import { APP_DATA_URL, staticQueryUrl, type AppData } from '../routes/page-data.ts';
import { readEnvironment } from '../config/environment.ts';
import { buildRouteTable, type RouteEntry } from '../routes/route-table.ts';
import { pathOwners } from '../routes/site-paths.ts';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { writeAdmin } from './admin.ts';
import { templateStyles } from './document-assets.ts';
import {
  bodiesDir,
  codeKey,
  keepOnly,
  wholeFolders,
  keptItems,
  pageKey,
  searchIndexKey,
  takeLastKeys,
  writeKeys,
  type BuildKeys,
} from './build-cache.ts';
import { writeFeeds } from './feeds.ts';
import { prepareMedia, writeMedia } from './media.ts';
import { precompress, writeCompressed, writeCompressedChunks } from './precompress.ts';
import { withItemsParsedAside } from './item-parse-pool.ts';
import { defaultWorkers, prerenderRoutes } from './prerender-pool.ts';
import { listFilesAside } from './list-files.ts';
import type { PageAction, SearchablePage } from './page-writer.ts';
import { searchIndexesInThread } from './search-index-thread.ts';
import { SEARCH_INDEXES, searchIndexDir } from './search-index-writer.ts';
import { searchableCache } from './searchable-cache.ts';
import { renderRobots, sitemapFiles } from './sitemap.ts';
import { buildServiceWorker, keyPagesOf } from './service-worker-bundle.ts';
import { bundlePaths, bundleSite } from './vite-bundles.ts';

export interface BuildOptions {
  root: string;
  contentDir: string;
  outDir: string;
  /** Where the list of built routes goes (read by the end-to-end tests). */
  routeListFile?: string;
  /** Where the bundles and the page keys are kept (default .cache/build); builds side by side
   * need their own. */
  cacheDir?: string;
  /** Keep what did not change since the last build into `outDir` (default); false builds all
   * (and records what it built for the next one). */
  cache?: boolean;
  /** The site's address when content/site.yaml has no `domains` (default: SITE_URL). */
  address?: SiteAddress;
  /** Prerender worker threads (default: one per core); the output is the same for any number. */
  workers?: number;
  /** The most pages in one part of a language's search index (search-index-parts.ts). */
  searchIndexPartPages?: number;
  /** Items from which they are parsed in worker threads, bodies stored aside (item-parse-pool.ts). */
  parseAsideFrom?: number;
}
export interface BuildReport {
  /** The origin the links were written with (the English one). */
  origin: string;
  pages: number;
  /** Pages whose files the last build wrote and this one kept. */
  pagesKept: number;
  /** Parts of the search indexes that the last build wrote and this one kept. */
  searchIndexesKept: number;
  /** Kept pages that went into a search index from the searchable cache (not read back). */
  searchableFromCache: number;
  /** The bundles were the last build's (no code changed). */
  bundlesKept: boolean;
  /** Reading the content and making the route table. */
  loadMs: number;
  /** Images of content/media encoded by this build (the others were kept), and the time it took. */
  imagesEncoded: number;
  encodeMs: number;
  /** Waiting for the bundles once the content was read (Vite works beside it), and the service
   * worker's bundle. */
  bundleMs: number;
  /** From the bundles to the last page written (feeds, sitemap and editor included). */
  prerenderMs: number;
  /** How long the build then waited for Pagefind to take the last pages and write the indexes. */
  searchIndexWaitMs: number;
  compressMs: number;
}

const hashOf = (text: string, length: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, length);

/**
 * The routes in prerender order: grouped by language, so that each part of a language's search
 * index is written and let go before the next one starts; in table order within a language.
 */
const routesByLanguage = (routes: RouteEntry[]): RouteEntry[] =>
  [...routes].sort((a, b) => a.pageContext.language.localeCompare(b.pageContext.language));

/** Builds the whole site into options.outDir. */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const { root, contentDir, outDir, routeListFile = join(root, '.cache/routes.json') } = options;
  const cacheDir = options.cacheDir ?? join(root, '.cache/build');
  const useCache = options.cache ?? true;
  const bundles = bundlePaths(join(cacheDir, 'bundle'));
  // What the last build left in the output folder, listed beside reading the content (keepOnly).
  const lastFiles = listFilesAside(outDir, wholeFolders(outDir));
  // Its failure is keepOnly's to report; a build that fails before it must not crash on it.
  lastFiles.catch(() => undefined);
  const code = await codeKey(root);
  // Vite bundles in its own process while this thread reads the content.
  const bundling = bundleSite(root, join(cacheDir, 'bundle'), code, useCache);
  // A build that fails on its content reports that; the bundle's result no longer matters.
  bundling.catch(() => undefined);

  const loadStart = performance.now();
  const items = await keptItems(cacheDir, code, useCache);
  // Before the content: its bodies' images are sized from the library.
  const media = await prepareMedia(contentDir, cacheDir, useCache);
  // With no items kept from the last build, all of them are parsed: on every core, for a large
  // site, whose bodies then wait on disk for the prerender workers (body-store.ts).
  const parsedAside = items.reused
    ? undefined
    : await withItemsParsedAside(contentDir, media.library, items.cache, {
        workers: options.workers ?? defaultWorkers(),
        bodiesDir: bodiesDir(cacheDir),
        ...(options.parseAsideFrom === undefined ? {} : { from: options.parseAsideFrom }),
      });
  const itemCache = parsedAside?.cache ?? items.cache;
  const content = loadContent(
    contentDir,
    options.address ?? { siteUrl: readEnvironment().SITE_URL },
    itemCache,
    media.library,
  );
  // A build that parsed the content saves it at once, before anything else uses the items; a
  // rebuild, which serialized the few items it parsed as it parsed them, while Pagefind works.
  if (parsedAside) await items.save(parsedAside.bodyFiles);
  const table = buildRouteTable(content, { searchIndexPartPages: options.searchIndexPartPages });
  const loadMs = performance.now() - loadStart;

  const bundleWaitStart = performance.now();
  const bundlesKept = await bundling;
  const bundleOnlyMs = performance.now() - bundleWaitStart;

  const prerenderStart = performance.now();
  const manifest = JSON.parse(
    await readFile(join(bundles.client, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const chromeHashes = {} as Record<LocaleId, string>;
  for (const [language, chrome] of Object.entries(table.chrome) as [
    LocaleId,
    (typeof table.chrome)[LocaleId],
  ][])
    chromeHashes[language] = hashOf(JSON.stringify(chrome), 10);
  const buildHash = hashOf(JSON.stringify(manifest) + Object.values(chromeHashes).join(), 20);

  // A page is kept when everything its files are made from is what the last build had; a part
  // of a search index, when all its pages are kept.
  const routes = routesByLanguage(table.routes);
  const keys: BuildKeys = {
    pages: new Map(routes.map((route) => [route.path, pageKey(code, buildHash, route)])),
    searchIndexes: new Map(),
  };
  // The parts the route table gave the search pages.
  const partOf = new Map<string, string>();
  for (const parts of table.searchIndexParts.values())
    for (const part of parts) {
      for (const path of part.paths) partOf.set(path, part.name);
      const pages = part.paths.map((path): [string, string] => [path, keys.pages.get(path) ?? '']);
      keys.searchIndexes.set(part.name, searchIndexKey(code, pages));
    }
  const last = useCache ? await takeLastKeys(cacheDir, outDir) : undefined;
  const keptPages = [...keys.pages.keys()].filter(
    (path) => last?.pages.get(path) === keys.pages.get(path),
  );
  const keptIndexes = new Set(
    [...keys.searchIndexes.keys()].filter(
      (part) => last?.searchIndexes.get(part) === keys.searchIndexes.get(part),
    ),
  );
  const keptPageSet = new Set(keptPages);
  const indexedParts = [...keys.searchIndexes.keys()].filter((part) => !keptIndexes.has(part));
  // A kept page of a part indexed again goes to the index from the searchable cache (or is read
  // back from the last build's file, when the cache does not have it).
  const searchable = searchableCache(cacheDir);
  const known = new Map<string, SearchablePage>();
  if (keptPages.length > 0) for (const part of indexedParts) await searchable.open(part);
  const actions = new Map<string, PageAction>();
  for (const route of routes) {
    const { path } = route;
    const part = partOf.get(path);
    if (!keptPageSet.has(path)) actions.set(path, 'write');
    else if (part === undefined || keptIndexes.has(part)) actions.set(path, 'skip');
    else {
      const html = searchable.get(part, path, keys.pages.get(path) ?? '');
      if (html === undefined) actions.set(path, 'read');
      else known.set(path, { language: route.pageContext.language, path, html });
    }
  }

  // The output folder is made ready while the index already takes the known pages.
  const prepared = (async () => {
    // Every page's files stay, to be kept or written over; so do the search indexes (a
    // language's is written again only where its files changed).
    await keepOnly(
      outDir,
      lastFiles,
      routes.map((route) => route.path),
      [...keys.searchIndexes.keys()].map(searchIndexDir),
    );
    await cp(bundles.client, outDir, { recursive: true });
    await rm(join(outDir, '.vite'), { recursive: true, force: true });
    await writeMedia(media, outDir);
    for (const language of LOCALE_IDS)
      writeCompressed(
        outDir,
        staticQueryUrl(chromeHashes[language]),
        JSON.stringify(table.chrome[language]),
      );
    const appData: AppData = { webpackCompilationHash: buildHash };
    writeCompressed(outDir, APP_DATA_URL, JSON.stringify(appData));
  })();

  const searchIndexes = searchIndexesInThread(outDir);
  let indexing: string | undefined;
  const pagesWritten = Promise.withResolvers<undefined>();
  const indexed = (async () => {
    await prerenderRoutes(
      routes.filter((route) => actions.get(route.path) !== 'skip'),
      {
        outDir,
        serverEntry: bundles.serverEntry,
        manifest,
        chrome: table.chrome,
        chromeHashes,
        buildHash,
        bodies: bodiesDir(cacheDir),
      },
      {
        ...(options.workers === undefined ? {} : { workers: options.workers }),
        actions,
        known,
        ready: prepared,
        onSearchable: async (page) => {
          const part = partOf.get(page.path) ?? page.language;
          // Parts come one after the other: the one before is complete.
          if (indexing !== undefined && indexing !== part) await searchable.save(indexing);
          indexing = part;
          await searchable.set(part, page.path, keys.pages.get(page.path) ?? '', page.html);
          await searchIndexes.add(part, page.path, page.html);
        },
        onWritten: () => {
          pagesWritten.resolve(undefined);
        },
      },
    );
    // The last part's pages are saved while Pagefind writes its index.
    await Promise.all([
      searchIndexes.close(),
      indexing === undefined ? undefined : searchable.save(indexing),
    ]);
  })();
  // Neither waits for the other to fail.
  const done = Promise.all([prepared, indexed]);
  await Promise.race([done, pagesWritten.promise]);

  // What the index is not needed for, while Pagefind takes the last pages and writes the index.
  const locales = table.chrome.en.locales;
  const hreflangOf = (language: string) =>
    locales.find((locale) => locale.id === language)?.hreflang ?? language;
  const origin = table.routes[0]?.pageContext.domains.en ?? '';
  for (const { file, chunks } of sitemapFiles(table.routes, hreflangOf, origin))
    await writeCompressedChunks(outDir, file, chunks());
  writeCompressed(outDir, 'robots.txt', renderRobots(origin));
  writeFeeds(outDir, content, table.routes);
  await writeAdmin(
    contentDir,
    outDir,
    readEnvironment(),
    {
      bundle: bundles.adminPreview,
      styles: templateStyles(manifest, ['page', 'news']),
      chrome: Object.fromEntries(
        LOCALE_IDS.map((language) => [language, staticQueryUrl(chromeHashes[language])]),
      ) as Record<LocaleId, string>,
    },
    pathOwners(content, table.routes),
  );
  const routeList = table.routes.map((route) => ({
    path: route.path,
    template: route.data.template,
    language: route.pageContext.language,
    title: route.data.title,
  }));
  await mkdir(dirname(routeListFile), { recursive: true });
  await writeFile(routeListFile, JSON.stringify(routeList, null, 1));
  const keyPages = keyPagesOf(content.pages);

  const prerenderMs = performance.now() - prerenderStart;
  const workerStart = performance.now();
  await buildServiceWorker(bundles.serviceWorker, outDir, keyPages);
  const bundleMs = bundleOnlyMs + performance.now() - workerStart;

  let compressStart = performance.now();
  // Pages, page-data, feeds and calendars were compressed as they were written; the indexes are
  // compressed once Pagefind has written them.
  await precompress(outDir, {
    skip: [SEARCH_INDEXES, 'page-data', ...LOCALE_IDS],
    ...(useCache ? { reuse: join(cacheDir, 'compressed') } : {}),
  });
  let compressMs = performance.now() - compressStart;
  if (!parsedAside) await items.save();
  const waitStart = performance.now();
  await done;
  const searchIndexWaitMs = performance.now() - waitStart;
  compressStart = performance.now();
  for (const part of indexedParts) await precompress(join(outDir, searchIndexDir(part)));
  compressMs += performance.now() - compressStart;
  await writeKeys(cacheDir, outDir, keys);
  return {
    origin: content.site.domains.en,
    pages: table.routes.length,
    pagesKept: keptPages.length,
    searchIndexesKept: keptIndexes.size,
    searchableFromCache: known.size,
    bundlesKept,
    loadMs,
    imagesEncoded: media.encoded,
    encodeMs: media.encodeMs,
    bundleMs,
    prerenderMs,
    searchIndexWaitMs,
    compressMs,
  };
}

if (import.meta.main) {
  const root = resolve(import.meta.dirname, '../..');
  // --site-url gives the address (as SITE_URL does); --local, a local preview's when none is set.
  const { values } = parseArgs({
    options: {
      content: { type: 'string', default: join(root, 'content') },
      // Another output folder than dist/ (the editor's end-to-end test builds what it saved); the
      // build cache and the route list then go beside it, not to .cache/.
      out: { type: 'string' },
      'site-url': { type: 'string' },
      local: { type: 'boolean', default: false },
      // Prerender worker threads (default: one per core).
      workers: { type: 'string' },
      // Build every page and bundle again instead of keeping what did not change.
      clean: { type: 'boolean', default: false },
    },
  });
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers > 0)) {
    console.error(`--workers: not a number of threads: ${values.workers ?? ''}`);
    process.exit(1);
  }
  const env = readEnvironment();
  const localPreview = `http://localhost:${env.PORT}`;
  let report: BuildReport;
  try {
    report = await buildSite({
      root,
      contentDir: resolve(values.content),
      ...(values.out === undefined
        ? { outDir: join(root, 'dist') }
        : {
            outDir: resolve(values.out),
            cacheDir: resolve(values.out, '../cache'),
            routeListFile: resolve(values.out, '../routes.json'),
          }),
      address: {
        siteUrl: values['site-url'] ?? env.SITE_URL,
        ...(values.local ? { localPreview } : {}),
      },
      ...(workers === undefined ? {} : { workers }),
      cache: !values.clean,
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (values.local && report.origin === localPreview)
    console.log(
      `Local preview: no SITE_URL or domains, so links, sitemap.xml, feeds and calendars use ${localPreview}. A build for deployment needs SITE_URL.`,
    );
  const perPage = (report.prerenderMs / report.pages).toFixed(2);
  console.log(
    `built ${report.pages} pages (${report.pagesKept} kept from the last build${report.bundlesKept ? ', bundles too' : ''}): content ${report.loadMs.toFixed(0)} ms (${report.imagesEncoded} images encoded in ${report.encodeMs.toFixed(0)} ms), bundle ${report.bundleMs.toFixed(0)} ms, prerender ${report.prerenderMs.toFixed(0)} ms (${perPage} ms/page), then waited ${report.searchIndexWaitMs.toFixed(0)} ms for the search index, compress ${report.compressMs.toFixed(0)} ms`,
  );
}
