// The work of one page: render its body with the prerender bundle, wrap it in the document,
// write its HTML and page-data files with their compressed copies. Runs in a prerender worker.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Manifest } from 'vite';
import type { LocaleId } from '../i18n/locales.ts';
import { headFor } from '../routes/head.ts';
import {
  pageDataUrl,
  REQUESTED_PATH_MARKER,
  staticQueryUrl,
  type StaticQueryData,
} from '../routes/page-data.ts';
import { pageDataOf, type RouteEntry } from '../routes/route-table.ts';
import { isSearchable, searchIndexPreloads } from '../routes/search-index-parts.ts';
import { documentAssets } from './document-assets.ts';
import { htmlHash } from './html-hash.ts';
import { renderDocument } from './html.ts';
import { bodyReader, isStoredBody } from './body-store.ts';
import { writeCompressed } from './precompress.ts';
import { searchableHtml } from './searchable-html.ts';

/** What every page needs, the same for all of them (sent once to each worker). */
export interface PageWriterSetup {
  outDir: string;
  /** The prerender bundle's entry-server.js. */
  serverEntry: string;
  manifest: Manifest;
  chrome: Record<LocaleId, StaticQueryData>;
  chromeHashes: Record<LocaleId, string>;
  buildHash: string;
  /** The folder of the stored bodies (body-store.ts). */
  bodies: string;
}

/** A page for the search index: its language, URL and the HTML that Pagefind reads of it. */
export interface SearchablePage {
  language: string;
  path: string;
  /**
   * UTF-8 bytes, not a string: they go from the worker through the build's thread to the index
   * thread moved, not copied (own-bytes.ts), and never sit in the build's heap. As strings,
   * the pages waiting for the index took the build thread's heap from 160 to 395 MB at 16,000
   * pages before a full collection freed them.
   */
  html: Uint8Array;
}

const encoder = new TextEncoder();
/** The searchable page of a prerendered document. */
const searchablePage = (language: string, path: string, html: string): SearchablePage => ({
  language,
  path,
  html: encoder.encode(searchableHtml(html)),
});

/**
 * What the writer does with a route: `write` its files; `read` its HTML back from the last
 * build's files (kept, see build-cache.ts) for the search index; or `skip` it (kept, and its
 * part of the search index too).
 */
export type PageAction = 'write' | 'read' | 'skip';

/** What writing a route gave: its page for the search index, and the hash of the HTML written. */
export interface PageResult {
  searchable: SearchablePage | undefined;
  /** The SHA-256 (base64url) of the HTML file, when this writer wrote it (htmlHash). */
  hash: string | undefined;
}

/** Does `action` for a route; answers with its searchable page and what it wrote. */
export type PageWriter = (route: RouteEntry, action: PageAction) => Promise<PageResult>;

/** The route with its body read back where the content load stored it aside (body-store.ts). */
function withBody(route: RouteEntry, read: (html: string) => string): RouteEntry {
  const { data } = route;
  if ('page' in data && isStoredBody(data.page.html))
    return { ...route, data: { ...data, page: { ...data.page, html: read(data.page.html) } } };
  if ('article' in data && isStoredBody(data.article.html))
    return {
      ...route,
      data: { ...data, article: { ...data.article, html: read(data.article.html) } },
    };
  return route;
}

const htmlFileOf = (path: string) => (path === '/' ? 'index.html' : `${path}/index.html`);

/** Loads the prerender bundle and returns the function that writes one route's files. */
export async function createPageWriter(setup: PageWriterSetup): Promise<PageWriter> {
  const { outDir, chrome, chromeHashes, buildHash } = setup;
  const server = (await import(pathToFileURL(setup.serverEntry).href)) as {
    renderRoute: (route: unknown, location: string) => Promise<string>;
  };
  const assetsOf = documentAssets(setup.manifest);
  const bodies = bodyReader(setup.bodies);
  return async (storedRoute, action) => {
    const template = storedRoute.data.template;
    const language = storedRoute.pageContext.language;
    const searchable = isSearchable(storedRoute);
    if (action === 'skip' || (action === 'read' && !searchable))
      return { searchable: undefined, hash: undefined };
    if (action === 'read') {
      const html = await readFile(join(outDir, htmlFileOf(storedRoute.path)), 'utf8');
      return { searchable: searchablePage(language, storedRoute.path, html), hash: undefined };
    }
    // Its body, read back where the content's load stored it (body-store.ts).
    const route = withBody(storedRoute, bodies.read);
    const pageData = pageDataOf(route, chromeHashes[language]);
    const pageDataJson = JSON.stringify(pageData);
    // A reference left where a body goes would be written out as the page's text.
    if (pageDataJson.includes('\\u0000body:'))
      throw new Error(`prerender ${route.path}: a stored body was not read back`);
    const routeData = { pageData, chrome: chrome[language], notFound: template === 'notFound' };
    const location = template === 'notFound' ? REQUESTED_PATH_MARKER : route.path;
    let body: string;
    try {
      body = await server.renderRoute(routeData, location);
    } catch (error) {
      throw new Error(
        `prerender ${route.path}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    // The search page starts loading its index with the document (search-index-parts.ts).
    const firstPart = route.data.template === 'search' ? route.data.searchIndexes[0] : undefined;
    const index = firstPart ? searchIndexPreloads(firstPart, language, buildHash) : undefined;
    const assets = assetsOf(route.data);
    const html = renderDocument({
      head: headFor(pageData, chrome[language]),
      body,
      boot: { pageData, notFound: routeData.notFound },
      jsonPreloads: [staticQueryUrl(chromeHashes[language]), ...(index?.fetches ?? [])],
      buildHash,
      assets: index ? { ...assets, preloads: [...assets.preloads, index.module] } : assets,
      consentCheck: Boolean(chrome[language].analytics),
    });
    writeCompressed(outDir, htmlFileOf(route.path), html, 'gzip');
    writeCompressed(outDir, pageDataUrl(route.path), pageDataJson, 'gzip');
    return {
      searchable: searchable ? searchablePage(language, route.path, html) : undefined,
      hash: htmlHash(html),
    };
  };
}
