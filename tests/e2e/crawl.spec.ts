// Every page of the sitemap can be reached from "/" by following links, within four clicks: a
// breadth-first crawl of the prerendered HTML over plain HTTP (no browser, no JavaScript).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';

const MAX_CLICKS = 4;

/** The paths of the sitemap's <loc> entries. */
const sitemapPaths = (): string[] =>
  [
    ...readFileSync(join(import.meta.dirname, '../../dist/sitemap.xml'), 'utf8').matchAll(
      /<loc>([^<]+)<\/loc>/g,
    ),
  ].map((match) => new URL(match[1] ?? '').pathname);

/** The in-site paths an HTML page links to (<a href>), without query or hash. */
function linkedPaths(html: string, base: URL): string[] {
  const paths: string[] = [];
  for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const href = (match[1] ?? '').replaceAll('&amp;', '&');
    const url = new URL(href, base);
    if (url.origin === base.origin) paths.push(url.pathname);
  }
  return paths;
}

/** Each HTML page reachable from "/" with its number of clicks, breadth-first. */
async function crawl(request: APIRequestContext, origin: string): Promise<Map<string, number>> {
  const clicks = new Map<string, number>([['/', 0]]);
  let frontier = ['/'];
  for (let depth = 1; depth <= MAX_CLICKS && frontier.length > 0; depth += 1) {
    const next: string[] = [];
    for (const path of frontier) {
      const response = await request.get(path, { maxRedirects: 0 });
      if (response.status() !== 200) continue;
      if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
      for (const linked of linkedPaths(await response.text(), new URL(path, origin))) {
        if (clicks.has(linked)) continue;
        clicks.set(linked, depth);
        next.push(linked);
      }
    }
    frontier = next;
  }
  return clicks;
}

test('every page of the sitemap is reachable from / by links within four clicks', async ({
  request,
  baseURL,
}) => {
  const reached = await crawl(request, baseURL ?? '');
  const sitemap = sitemapPaths();
  const unreachable = sitemap.filter((path) => !reached.has(path));
  console.log(
    `crawl: ${String(sitemap.length - unreachable.length)} of ${String(sitemap.length)} sitemap pages reached from / within ${String(MAX_CLICKS)} clicks (${String(reached.size)} in-site links followed or found)`,
  );
  expect(unreachable).toEqual([]);
  expect(sitemap.length).toBeGreaterThan(250);
});
