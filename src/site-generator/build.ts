// `npm run build`: bundles the client and the prerender entry with Vite, then writes every
// route's HTML and page-data, the static queries, app-data and precompressed copies to dist/.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Manifest } from 'vite';
import { loadContent } from '../content/load-content.ts';
import type { SiteAddress } from '../content/site.ts';
import { APP_DATA_URL, staticQueryUrl, type AppData } from '../routes/page-data.ts';
import { offlinePath } from '../routes/url-rules.ts';
import { readEnvironment } from '../config/environment.ts';
import { buildRouteTable } from '../routes/route-table.ts';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { writeAdmin } from './admin.ts';
import { writeFeeds } from './feeds.ts';
import { precompress } from './precompress.ts';
import { prerenderRoutes } from './prerender-pool.ts';
import { createSearchIndex } from './search-index-writer.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';
import { buildServiceWorker } from './service-worker-bundle.ts';
import { bundleSite } from './vite-bundles.ts';

export interface BuildOptions {
  root: string;
  contentDir: string;
  outDir: string;
  /** Where the list of built routes goes (read by the end-to-end tests). */
  routeListFile?: string;
  /** Where the prerender bundle goes (default .cache/ssr); builds side by side need their own. */
  ssrDir?: string;
  /** The site's address when content/site.yaml has no `domains` (default: SITE_URL). */
  address?: SiteAddress;
  /** Prerender worker threads (default: one per core); the output is the same for any number. */
  workers?: number;
}
export interface BuildReport {
  /** The origin the links were written with (the English one). */
  origin: string;
  pages: number;
  bundleMs: number;
  prerenderMs: number;
  compressMs: number;
}

// Pages that open offline in every language even before a first visit (with the offline page).
const OFFLINE_KEY_PAGES = ['home', 'first-steps', 'contacts', 'central-desk'];

const hashOf = (text: string, length: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, length);

const writeOut = async (outDir: string, urlPath: string, text: string) => {
  const file = join(outDir, urlPath);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
};

/** Builds the whole site into options.outDir. */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const { root, contentDir, outDir, routeListFile = join(root, '.cache/routes.json') } = options;
  const content = loadContent(
    contentDir,
    options.address ?? { siteUrl: readEnvironment().SITE_URL },
  );
  const table = buildRouteTable(content);
  const ssrDir = options.ssrDir ?? join(root, '.cache/ssr');

  const bundleStart = performance.now();
  await rm(outDir, { recursive: true, force: true });
  await bundleSite(root, outDir, ssrDir);
  const bundleOnlyMs = performance.now() - bundleStart;

  const prerenderStart = performance.now();
  const manifest = JSON.parse(
    await readFile(join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  await rm(join(outDir, '.vite'), { recursive: true, force: true });
  const chromeHashes = {} as Record<LocaleId, string>;
  for (const [language, chrome] of Object.entries(table.chrome) as [
    LocaleId,
    (typeof table.chrome)[LocaleId],
  ][]) {
    const json = JSON.stringify(chrome);
    chromeHashes[language] = hashOf(json, 10);
    await writeOut(outDir, staticQueryUrl(chromeHashes[language]), json);
  }
  const buildHash = hashOf(JSON.stringify(manifest) + Object.values(chromeHashes).join(), 20);
  const appData: AppData = { webpackCompilationHash: buildHash };
  await writeOut(outDir, APP_DATA_URL, JSON.stringify(appData));

  const searchIndex = await createSearchIndex();
  await prerenderRoutes(
    table.routes,
    {
      outDir,
      serverEntry: join(ssrDir, 'entry-server.js'),
      manifest,
      chrome: table.chrome,
      chromeHashes,
      buildHash,
    },
    {
      ...(options.workers === undefined ? {} : { workers: options.workers }),
      onSearchable: (page) => searchIndex.add(page.path, page.html),
    },
  );
  await searchIndex.write(join(outDir, 'pagefind'));
  const locales = table.chrome.en.locales;
  const hreflangOf = (language: string) =>
    locales.find((locale) => locale.id === language)?.hreflang ?? language;
  await writeOut(outDir, 'sitemap.xml', renderSitemap(table.routes, hreflangOf));
  await writeOut(outDir, 'robots.txt', renderRobots(table.routes[0]?.pageContext.domains.en ?? ''));
  await writeFeeds(outDir, content, table.routes);
  await writeAdmin(contentDir, outDir, readEnvironment());
  const routeList = table.routes.map((route) => ({
    path: route.path,
    template: route.data.template,
    language: route.pageContext.language,
    title: route.data.title,
  }));
  await mkdir(dirname(routeListFile), { recursive: true });
  await writeFile(routeListFile, JSON.stringify(routeList, null, 1));
  const keyPages = [
    '/',
    ...LOCALE_IDS.map(offlinePath),
    ...content.pages
      .filter((page) => OFFLINE_KEY_PAGES.includes(page.translationKey))
      .map((page) => page.path),
  ];
  const prerenderMs = performance.now() - prerenderStart;
  const workerStart = performance.now();
  await buildServiceWorker(root, outDir, keyPages);
  const bundleMs = bundleOnlyMs + performance.now() - workerStart;

  const compressStart = performance.now();
  await precompress(outDir);
  const compressMs = performance.now() - compressStart;
  return {
    origin: content.site.domains.en,
    pages: table.routes.length,
    bundleMs,
    prerenderMs,
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
      // prerender bundle and the route list then go beside it, not to .cache/.
      out: { type: 'string' },
      'site-url': { type: 'string' },
      local: { type: 'boolean', default: false },
      // Prerender worker threads (default: one per core).
      workers: { type: 'string' },
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
            ssrDir: resolve(values.out, '../ssr'),
            routeListFile: resolve(values.out, '../routes.json'),
          }),
      address: {
        siteUrl: values['site-url'] ?? env.SITE_URL,
        ...(values.local ? { localPreview } : {}),
      },
      ...(workers === undefined ? {} : { workers }),
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
    `built ${report.pages} pages: bundle ${report.bundleMs.toFixed(0)} ms, prerender ${report.prerenderMs.toFixed(0)} ms (${perPage} ms/page), compress ${report.compressMs.toFixed(0)} ms`,
  );
}
