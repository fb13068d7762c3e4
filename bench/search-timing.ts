// Time and bytes of the first and second search on a throttled connection (Lighthouse's mobile
// profile: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; Chromium's network emulation),
// in a fresh browser each time (no HTTP cache, no service worker):
// - results page: the document of /{lang}/search?q=… loads, the first results show (time from
//   navigation start), then a second query is typed into its field (time from Enter);
// - header field: a content page has loaded; the reader focuses the header's search field, types
//   the query (100 ms a key) and presses Enter (time from Enter to the results);
// - repeat visit: the results page opened again in the same browser (HTTP cache kept).
// Bytes are those Chromium's network log counts for /pagefind/ (encoded, headers included).
// Part of `npm run bench`; alone: `node bench/search-timing.ts [origin]` against a running
// server (without one, it serves dist/ with server/app.ts).
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createApp } from '../server/app.ts';
import { CONSENTED_STATE } from '../tests/e2e/consent-state.ts';

/** What one search moved and took. */
export interface SearchCost {
  ms: number;
  requests: number;
  bytes: number;
}

const THROTTLE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/**
 * Counts the /pagefind/ requests that went to the network, and their bytes (headers and encoded
 * body), the index's web worker's own included (Pagefind's default before issue 44).
 */
async function networkLog(
  context: BrowserContext,
  page: Page,
): Promise<{ take: () => Omit<SearchCost, 'ms'> }> {
  let counted = { requests: 0, bytes: 0 };
  context.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/pagefind/')) return;
    void request.sizes().then((sizes) => {
      // Chromium reports a copy from the HTTP cache with a negative body size: no network.
      if (sizes.responseBodySize < 0) return;
      counted.requests++;
      counted.bytes += sizes.responseHeadersSize + sizes.responseBodySize;
    });
  });
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', THROTTLE);
  return {
    take: () => {
      const taken = counted;
      counted = { requests: 0, bytes: 0 };
      return taken;
    },
  };
}

/** Waits until the search page shows a count (or nothing) for `query`. */
const resultsShown = (page: Page, query: string) =>
  page
    .getByTestId('search-status')
    .filter({ hasText: query })
    .filter({ hasText: /\d|No |Geen|Aucun|Keine/ })
    .waitFor({ timeout: 60_000 });

/** The tests' stored cookie choice, for the bench's host too. */
const consentedState = (origin: string) => ({
  ...CONSENTED_STATE,
  cookies: CONSENTED_STATE.cookies.map((cookie) => ({
    ...cookie,
    domain: new URL(origin).hostname,
  })),
});

type NetworkLog = Awaited<ReturnType<typeof networkLog>>;

/**
 * What `act` costs until the results of `query` show: its time, then (once the network is
 * quiet: the byte counts come in after the responses) the requests and bytes since the last count.
 */
async function timed(
  { page, log }: { page: Page; log: NetworkLog },
  query: string,
  act: () => Promise<unknown>,
): Promise<SearchCost> {
  const start = Date.now();
  await act();
  await resultsShown(page, query);
  const ms = Date.now() - start;
  await page.waitForLoadState('networkidle');
  return { ms, ...log.take() };
}

/** A fresh page with its network throttled and logged; the consent question already answered. */
async function throttledPage(browser: Browser, origin: string) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    storageState: consentedState(origin),
  });
  const page = await context.newPage();
  const log = await networkLog(context, page);
  return { context, page, log };
}

/** The three scenarios of the top of this file, for one language and two queries. */
export async function searchTiming(
  origin: string,
  language: string,
  first: string,
  second: string,
) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results = `${origin}/${language}/search?q=${encodeURIComponent(first)}`;
  // Results page: first query with the document, then a second one in its field.
  const fresh = await throttledPage(browser, origin);
  const firstQuery = await timed(fresh, first, () => fresh.page.goto(results));
  const field = fresh.page.getByRole('main').getByRole('searchbox');
  await field.fill(second);
  const secondQuery = await timed(fresh, second, () => field.press('Enter'));
  // Repeat visit: the same browser, a new page of results.
  const again = await fresh.context.newPage();
  const repeat = { page: again, log: await networkLog(fresh.context, again) };
  const repeatVisit = await timed(repeat, first, () => again.goto(results));
  await fresh.context.close();
  // Header field on a content page: focus, type, Enter; its bytes from the focus on (the index
  // loaded while typing included).
  const header = await throttledPage(browser, origin);
  await header.page.goto(`${origin}/${language}/first-steps`, { waitUntil: 'networkidle' });
  header.log.take();
  const box = header.page.getByRole('banner').getByRole('searchbox');
  await box.focus();
  await box.pressSequentially(first, { delay: 100 });
  const headerField = await timed(header, first, () => box.press('Enter'));
  await header.context.close();
  await browser.close();
  return { firstQuery, secondQuery, repeatVisit, headerField };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per scenario. */
export function timingLines(timing: Awaited<ReturnType<typeof searchTiming>>): string[] {
  return Object.entries(timing).map(
    ([name, cost]) =>
      `${name.padEnd(12)} ${String(cost.ms).padStart(5)} ms  ${String(cost.requests).padStart(2)} requests  ${kb(cost.bytes)}`,
  );
}

if (import.meta.main) {
  const given = process.argv[2];
  const app = given ? undefined : await createApp({ distDir: 'dist', logLevel: 'warn' });
  if (app) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app?.server.address();
  const origin =
    given ??
    `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
  console.log(`Search on ${origin}, throttled (150 ms round trip, 1.6 Mbit/s):`);
  console.log(
    timingLines(await searchTiming(origin, 'en', 'insurance', 'psychologist')).join('\n'),
  );
  await app?.close();
}
