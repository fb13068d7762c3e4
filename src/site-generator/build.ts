// `npm run build`: bundles the client and the prerender entry with Vite, then writes every
// route's HTML and page-data, the static queries, app-data and precompressed copies to dist/.
// The script runs Node with --max-semi-space-size=8 (so do the benches): see worker-limits.ts.
// And with MALLOC_ARENA_MAX=2: glibc gives each thread that allocates an arena of its own, up to
// eight a core, and keeps what the threads freed in them; the parse, prerender and index threads
// left 60 to 70 MB more resident at 16,000 pages (654–664 MB against 585–591 MB, no slower) and
// 150 MB more at 64,000.
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readEnvironment } from '../config/environment.ts';
import type { SiteAddress } from '../content/site.ts';
import { LOCALE_IDS } from '../i18n/locales.ts';
import { takeLastKeys, writeKeys } from './build-cache.ts';
import {
  assetsOf,
  htmlHashesOf,
  pageActionsOf,
  prepareOutput,
  readSiteContent,
  routesByLanguage,
  startBuild,
  writePages,
  writeSiteFiles,
  type BuildRun,
} from './build-phases.ts';
import { keysOf, planBuild } from './build-plan.ts';
import { precompress } from './precompress.ts';
import { SEARCH_INDEXES, searchIndexDir } from './search-index-writer.ts';
import { searchableCache } from './searchable-cache.ts';
import { buildServiceWorker, keyPagesOf } from './service-worker-bundle.ts';
import { bundlePaths } from './vite-bundles.ts';

export interface BuildOptions {
  root: string;
  contentDir: string;
  outDir: string;
  /** Where the list of built routes goes (read by the end-to-end tests). */
  routeListFile?: string;
  /** Where each page's path and HTML hash go (read by the publisher's gates), if anywhere. */
  pageListFile?: string;
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
  /** The instant (ms) news and events are online at (`publishAt`/`unpublishAt`; default: now). */
  now?: number;
}
export interface BuildReport {
  /** The origin the links were written with (the English one). */
  origin: string;
  pages: number;
  /** Pages whose files the last build wrote and this one kept. */
  pagesKept: number;
  /** The HTML hash of every page (html-hash.ts), by path in route order. */
  htmlHashes: Map<string, string>;
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

/** The build's options with their defaults. */
function runOf(options: BuildOptions): BuildRun {
  const { root } = options;
  const cacheDir = options.cacheDir ?? join(root, '.cache/build');
  return {
    root,
    contentDir: options.contentDir,
    outDir: options.outDir,
    cacheDir,
    routeListFile: options.routeListFile ?? join(root, '.cache/routes.json'),
    useCache: options.cache ?? true,
    bundles: bundlePaths(join(cacheDir, 'bundle')),
    address: options.address,
    workers: options.workers,
    searchIndexPartPages: options.searchIndexPartPages,
    parseAsideFrom: options.parseAsideFrom,
    now: options.now,
  };
}

/**
 * Builds the whole site into options.outDir. The phases in order (build-phases.ts): list the last
 * output and start Vite; read the content into the route table; wait for the bundles; hash the
 * assets; plan what to keep from the last build (build-plan.ts); make the output folder ready
 * while the pages are prerendered and indexed; write the site's other files; bundle the service
 * worker; compress; wait for the search index and record the keys for the next build.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const run = runOf(options);
  const { outDir, cacheDir, useCache } = run;
  const started = await startBuild(run);

  const loadStart = performance.now();
  const read = await readSiteContent(run, started.code);
  const loadMs = performance.now() - loadStart;

  const bundleWaitStart = performance.now();
  const bundlesKept = await started.bundling;
  const bundleOnlyMs = performance.now() - bundleWaitStart;

  const prerenderStart = performance.now();
  const assets = await assetsOf(run, read.table);
  const routes = routesByLanguage(read.table.routes);
  const keyed = keysOf(
    started.code,
    assets.buildHash,
    routes,
    read.table.searchIndexParts.values(),
  );
  const last = useCache ? await takeLastKeys(cacheDir, outDir) : undefined;
  const plan = planBuild(keyed, last);
  const searchable = searchableCache(cacheDir);
  const pageActions = await pageActionsOf(routes, keyed, plan, searchable);
  // The output folder is made ready while the index already takes the known pages.
  const prepared = prepareOutput(run, started.lastFiles, routes, keyed, read, assets);
  const pages = writePages(
    run,
    routes,
    pageActions,
    keyed,
    assets,
    read.table,
    searchable,
    prepared,
  );
  // Neither waits for the other to fail.
  const done = Promise.all([prepared, pages.indexed]);
  await Promise.race([done, pages.written]);

  // What the index is not needed for, while Pagefind takes the last pages and writes the index.
  await writeSiteFiles(run, read, assets);
  const keyPages = keyPagesOf(read.content.pages);
  const prerenderMs = performance.now() - prerenderStart;

  const workerStart = performance.now();
  await buildServiceWorker(run.bundles.serviceWorker, outDir, keyPages);
  const bundleMs = bundleOnlyMs + performance.now() - workerStart;

  let compressStart = performance.now();
  // Pages, page-data, feeds and calendars were compressed as they were written; the indexes are
  // compressed once Pagefind has written them.
  await precompress(outDir, {
    skip: [SEARCH_INDEXES, 'page-data', ...LOCALE_IDS],
    ...(useCache ? { reuse: join(cacheDir, 'compressed') } : {}),
  });
  let compressMs = performance.now() - compressStart;
  if (!read.parsedAside) await read.items.save();
  const waitStart = performance.now();
  await done;
  const searchIndexWaitMs = performance.now() - waitStart;
  compressStart = performance.now();
  for (const part of plan.indexedParts) await precompress(join(outDir, searchIndexDir(part)));
  compressMs += performance.now() - compressStart;
  const htmlHashes = await htmlHashesOf(
    outDir,
    read.table.routes,
    pages.htmlHashes,
    last?.htmlHashes ?? new Map(),
  );
  await writeKeys(cacheDir, outDir, keyed.keys, htmlHashes);
  if (options.pageListFile)
    await writeFile(options.pageListFile, JSON.stringify(Object.fromEntries(htmlHashes)));
  return {
    origin: read.content.site.domains.en,
    pages: read.table.routes.length,
    pagesKept: plan.pagesKept,
    htmlHashes,
    searchIndexesKept: plan.keptIndexes.size,
    searchableFromCache: pageActions.known.size,
    bundlesKept,
    loadMs,
    imagesEncoded: read.media.encoded,
    encodeMs: read.media.encodeMs,
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
      // build cache, the route list and the page list (pages.json: each page's path and HTML
      // hash, for the publisher's gates) then go beside it, not to .cache/.
      out: { type: 'string' },
      'site-url': { type: 'string' },
      local: { type: 'boolean', default: false },
      // Prerender worker threads (default: one per core).
      workers: { type: 'string' },
      // Build every page and bundle again instead of keeping what did not change.
      clean: { type: 'boolean', default: false },
      // The instant scheduled news and events are judged at (ISO; the publisher's clock).
      now: { type: 'string' },
    },
  });
  const now = values.now === undefined ? undefined : Date.parse(values.now);
  if (now !== undefined && Number.isNaN(now)) {
    console.error(`--now: not a date and time: ${values.now ?? ''}`);
    process.exit(1);
  }
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
            pageListFile: resolve(values.out, '../pages.json'),
          }),
      address: {
        siteUrl: values['site-url'] ?? env.SITE_URL,
        ...(values.local ? { localPreview } : {}),
      },
      ...(workers === undefined ? {} : { workers }),
      ...(now === undefined ? {} : { now }),
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
