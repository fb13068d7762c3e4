// The phases of a build (build.ts runs them in order): each does one job and hands on what the
// next ones need. Several run beside each other: Vite bundles while the content is read, the
// output folder is made ready while the search index takes the known pages, and the site's other
// files are written while Pagefind takes the last pages.
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Manifest } from 'vite';
import { loadContent, type SiteContent } from '../content/load-content.ts';
import type { SiteAddress } from '../content/site.ts';
import { readEnvironment } from '../config/environment.ts';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { APP_DATA_URL, staticQueryUrl, type AppData } from '../routes/page-data.ts';
import { buildRouteTable, type RouteEntry, type RouteTable } from '../routes/route-table.ts';
import { pathOwners } from '../routes/site-paths.ts';
import { readDeskReferences } from '../content/desk-references.ts';
import { publishedBodyDigests, writeAdmin } from './admin.ts';
import {
  bodiesDir,
  codeKey,
  keepOnly,
  keptItems,
  wholeFolders,
  type KeptItems,
} from './build-cache.ts';
import type { BuildPlan, KeyedBuild } from './build-plan.ts';
import { templateStyles } from './document-assets.ts';
import { writeFeeds } from './feeds.ts';
import { withItemsParsedAside, type ParsedAside } from './item-parse-pool.ts';
import { listFilesAside } from './list-files.ts';
import { prepareMedia, writeMedia, type PreparedMedia } from './media.ts';
import { htmlHash } from './html-hash.ts';
import type { PageAction, SearchablePage } from './page-writer.ts';
import { writeCompressed, writeCompressedChunks } from './precompress.ts';
import { defaultWorkers, prerenderRoutes } from './prerender-pool.ts';
import { searchIndexesInThread } from './search-index-thread.ts';
import { searchIndexDir } from './search-index-writer.ts';
import type { SearchableCache } from './searchable-cache.ts';
import { renderRobots, sitemapFiles } from './sitemap.ts';
import { bundlePaths, bundleSite } from './vite-bundles.ts';

/** What the build was asked for, with the defaults filled in. */
export interface BuildRun {
  root: string;
  contentDir: string;
  outDir: string;
  cacheDir: string;
  routeListFile: string;
  /** Keep what did not change since the last build. */
  useCache: boolean;
  bundles: ReturnType<typeof bundlePaths>;
  address: SiteAddress | undefined;
  workers: number | undefined;
  searchIndexPartPages: number | undefined;
  parseAsideFrom: number | undefined;
  /** The instant scheduled news and events are judged at (ms); the clock when unset. */
  now: number | undefined;
}

/** What starts first and works beside the content load: the listing and the bundles. */
export interface Started {
  /** What the last build left in the output folder (for keepOnly). */
  lastFiles: Promise<string[]>;
  /** The hash of the code (build-cache.ts, codeKey). */
  code: string;
  /** Vite's bundles; whether they were the last build's. */
  bundling: Promise<boolean>;
}

/** Lists the last build's output and starts Vite, which bundles in its own process. */
export async function startBuild(run: BuildRun): Promise<Started> {
  const lastFiles = listFilesAside(run.outDir, wholeFolders(run.outDir));
  // Its failure is keepOnly's to report; a build that fails before it must not crash on it.
  lastFiles.catch(() => undefined);
  const code = await codeKey(run.root);
  const bundling = bundleSite(run.root, join(run.cacheDir, 'bundle'), code, run.useCache);
  // A build that fails on its content reports that; the bundle's result no longer matters.
  bundling.catch(() => undefined);
  return { lastFiles, code, bundling };
}

/** The content, read and turned into the route table. */
export interface ReadContent {
  items: KeptItems;
  /** Set when every item was parsed in worker threads (no items kept from the last build). */
  parsedAside: ParsedAside | undefined;
  media: PreparedMedia;
  content: SiteContent;
  table: RouteTable;
}

/** Reads the content (with the items and images kept from the last build) and makes the routes. */
export async function readSiteContent(run: BuildRun, code: string): Promise<ReadContent> {
  const items = await keptItems(run.cacheDir, code, run.useCache);
  // Before the content: its bodies' images are sized from the library.
  const media = await prepareMedia(run.contentDir, run.cacheDir, run.useCache);
  // With no items kept from the last build, all of them are parsed: on every core, for a large
  // site, whose bodies then wait on disk for the prerender workers (body-store.ts).
  const parsedAside = items.reused
    ? undefined
    : await withItemsParsedAside(run.contentDir, media.library, items.cache, {
        workers: run.workers ?? defaultWorkers(),
        bodiesDir: bodiesDir(run.cacheDir),
        references: readDeskReferences(run.contentDir),
        ...(run.parseAsideFrom === undefined ? {} : { from: run.parseAsideFrom }),
      });
  const content = loadContent(
    run.contentDir,
    run.address ?? { siteUrl: readEnvironment().SITE_URL },
    parsedAside?.cache ?? items.cache,
    media.library,
    run.now,
  );
  // A build that parsed the content saves it at once, before anything else uses the items; a
  // rebuild, which serialized the few items it parsed as it parsed them, while Pagefind works.
  if (parsedAside) await items.save(parsedAside.bodyFiles);
  const table = buildRouteTable(content, { searchIndexPartPages: run.searchIndexPartPages });
  return { items, parsedAside, media, content, table };
}

/** The client bundle's manifest and the hashes every page's files name. */
export interface Assets {
  manifest: Manifest;
  /** The hash of each language's chrome (its static query's URL). */
  chromeHashes: Record<LocaleId, string>;
  /** The hash of the manifest and the chrome (app-data's webpackCompilationHash). */
  buildHash: string;
}

const hashOf = (text: string, length: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, length);

/** Reads the client bundle's manifest and hashes it with each language's chrome. */
export async function assetsOf(run: BuildRun, table: RouteTable): Promise<Assets> {
  const manifest = JSON.parse(
    await readFile(join(run.bundles.client, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const chromeHashes = {} as Record<LocaleId, string>;
  for (const [language, chrome] of Object.entries(table.chrome) as [
    LocaleId,
    (typeof table.chrome)[LocaleId],
  ][])
    chromeHashes[language] = hashOf(JSON.stringify(chrome), 10);
  const buildHash = hashOf(JSON.stringify(manifest) + Object.values(chromeHashes).join(), 20);
  return { manifest, chromeHashes, buildHash };
}

/**
 * The routes in prerender order: grouped by language, so that each part of a language's search
 * index is written and let go before the next one starts; in table order within a language.
 */
export const routesByLanguage = (routes: RouteEntry[]): RouteEntry[] =>
  [...routes].sort((a, b) => a.pageContext.language.localeCompare(b.pageContext.language));

/** What the prerender pool does with each route, and the searchable pages it need not render. */
export interface PageActions {
  actions: Map<string, PageAction>;
  known: Map<string, SearchablePage>;
}

/**
 * Carries out the plan's `index` pages: a kept page of a part indexed again goes to the index
 * from the searchable cache, or is read back from the last build's file when the cache does not
 * have it.
 */
export async function pageActionsOf(
  routes: RouteEntry[],
  { keys, partOf }: KeyedBuild,
  plan: BuildPlan,
  searchable: SearchableCache,
): Promise<PageActions> {
  if (plan.pagesKept > 0) for (const part of plan.indexedParts) await searchable.open(part);
  const actions = new Map<string, PageAction>();
  const known = new Map<string, SearchablePage>();
  for (const route of routes) {
    const { path } = route;
    const planned = plan.pages.get(path);
    if (planned !== 'index') actions.set(path, planned ?? 'write');
    else {
      const html = searchable.get(partOf.get(path) ?? '', path, keys.pages.get(path) ?? '');
      if (html === undefined) actions.set(path, 'read');
      else known.set(path, { language: route.pageContext.language, path, html });
    }
  }
  return { actions, known };
}

/**
 * Makes the output folder ready for the pages: removes what no page of this build keeps, then
 * writes the client bundle, the images, the static queries and app-data.
 */
export async function prepareOutput(
  run: BuildRun,
  lastFiles: Promise<string[]>,
  routes: RouteEntry[],
  { keys }: KeyedBuild,
  { media, table }: ReadContent,
  { chromeHashes, buildHash }: Assets,
): Promise<void> {
  const { outDir } = run;
  // Every page's files stay, to be kept or written over; so do the search indexes (a language's
  // is written again only where its files changed).
  await keepOnly(
    outDir,
    lastFiles,
    routes.map((route) => route.path),
    [...keys.searchIndexes.keys()].map(searchIndexDir),
  );
  await cp(run.bundles.client, outDir, { recursive: true });
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
}

/** The pages being written and indexed. */
export interface PagesInProgress {
  /** Resolves once every page's files are written, maybe before the index has them all. */
  written: Promise<undefined>;
  /** Resolves once the search indexes and the searchable cache are written. */
  indexed: Promise<void>;
  /** The HTML hash of each page written so far (html-hash.ts), by path. */
  htmlHashes: Map<string, string>;
}

/**
 * Prerenders the pages to write once the output folder is `ready`, and gives every searchable
 * page, in route order, to its part of the search index and to the searchable cache.
 */
export function writePages(
  run: BuildRun,
  routes: RouteEntry[],
  { actions, known }: PageActions,
  { keys, partOf }: KeyedBuild,
  { manifest, chromeHashes, buildHash }: Assets,
  table: RouteTable,
  searchable: SearchableCache,
  ready: Promise<void>,
): PagesInProgress {
  const { outDir } = run;
  const searchIndexes = searchIndexesInThread(outDir);
  let indexing: string | undefined;
  const written = Promise.withResolvers<undefined>();
  const htmlHashes = new Map<string, string>();
  const indexed = (async () => {
    await prerenderRoutes(
      routes.filter((route) => actions.get(route.path) !== 'skip'),
      {
        outDir,
        serverEntry: run.bundles.serverEntry,
        manifest,
        chrome: table.chrome,
        chromeHashes,
        buildHash,
        bodies: bodiesDir(run.cacheDir),
      },
      {
        ...(run.workers === undefined ? {} : { workers: run.workers }),
        actions,
        known,
        ready,
        onSearchable: async (page) => {
          const part = partOf.get(page.path) ?? page.language;
          // Parts come one after the other: the one before is complete.
          if (indexing !== undefined && indexing !== part) await searchable.save(indexing);
          indexing = part;
          await searchable.set(part, page.path, keys.pages.get(page.path) ?? '', page.html);
          await searchIndexes.add(part, page.path, page.html);
        },
        onHtmlWritten: (path, hash) => htmlHashes.set(path, hash),
        onWritten: () => {
          written.resolve(undefined);
        },
      },
    );
    // The last part's pages are saved while Pagefind writes its index.
    await Promise.all([
      searchIndexes.close(),
      indexing === undefined ? undefined : searchable.save(indexing),
    ]);
  })();
  return { written: written.promise, indexed, htmlHashes };
}

/**
 * The HTML hash of every route's page, in route order: this build's for the pages it wrote, the
 * last build's for those it kept (read and hashed again if the last build did not record it).
 */
export async function htmlHashesOf(
  outDir: string,
  routes: readonly RouteEntry[],
  written: ReadonlyMap<string, string>,
  last: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const { path } of routes)
    hashes.set(
      path,
      written.get(path) ??
        last.get(path) ??
        htmlHash(await readFile(join(outDir, path === '/' ? 'index.html' : `${path}/index.html`))),
    );
  return hashes;
}

/**
 * Writes what the search index is not needed for: the sitemap, robots.txt, the feeds, the editor
 * and the route list (read by the end-to-end tests).
 */
export async function writeSiteFiles(
  run: BuildRun,
  { content, table }: ReadContent,
  { manifest, chromeHashes }: Assets,
): Promise<void> {
  const { outDir } = run;
  const locales = table.chrome.en.locales;
  const hreflangOf = (language: string) =>
    locales.find((locale) => locale.id === language)?.hreflang ?? language;
  const origin = table.routes[0]?.pageContext.domains.en ?? '';
  for (const { file, chunks } of sitemapFiles(table.routes, hreflangOf, origin))
    await writeCompressedChunks(outDir, file, chunks());
  writeCompressed(outDir, 'robots.txt', renderRobots(origin));
  writeFeeds(outDir, content, table.routes);
  await writeAdmin(
    run.contentDir,
    outDir,
    readEnvironment(),
    {
      bundle: run.bundles.adminPreview,
      styles: templateStyles(manifest, ['page', 'news']),
      chrome: Object.fromEntries(
        LOCALE_IDS.map((language) => [language, staticQueryUrl(chromeHashes[language])]),
      ) as Record<LocaleId, string>,
    },
    pathOwners(content, table.routes),
    await publishedBodyDigests(content),
  );
  const routeList = table.routes.map((route) => ({
    path: route.path,
    template: route.data.template,
    language: route.pageContext.language,
    title: route.data.title,
  }));
  await mkdir(dirname(run.routeListFile), { recursive: true });
  await writeFile(run.routeListFile, JSON.stringify(routeList, null, 1));
}
