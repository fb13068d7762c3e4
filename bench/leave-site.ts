// `node bench/leave-site.ts [distDir]`: how fast "Leave this site" reaches the neutral site, and
// what it leaves behind, for the shipped script (page cleans up, waits for the caches and the
// service worker, asks POST /api/leave for Clear-Site-Data without waiting, then replaces)
// against the alternatives: the same without the server's Clear-Site-Data, replacing at once
// without waiting, and leaving through a same-origin redirect that sends Clear-Site-Data. Each
// with the server answering at once and 300 ms late (a slow mobile connection's round trip).
// Median of RUNS fresh profiles, each with the service worker installed, two pages read, a draft
// and a cookie. Prints figures; asserts nothing (docs/runtime.md "Leaving quickly" keeps them).
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createApp } from '../server/app.ts';

const distDir = resolve(process.argv[2] ?? join(import.meta.dirname, '../dist'));
const RUNS = Number(process.env.RUNS ?? 9);
const NEUTRAL = 'https://www.meteo.be/';

const clickLeave = (page: Page) =>
  page.evaluate(() => {
    document.querySelector<HTMLElement>('.leave-site a[data-leave-site]')?.click();
  });

/** How a variant leaves, run in the page. */
const VARIANTS: Record<string, (page: Page) => Promise<void>> = {
  // Every variant starts inside the page, so that none pays for Playwright's click checks.
  'shipped: cleanup awaited, POST /api/leave not awaited': clickLeave,
  'shipped without POST /api/leave': async (page) => {
    await page.route('**/api/leave', (route) => route.abort());
    await clickLeave(page);
  },
  'replace at once, cleanup not awaited': (page) =>
    page.evaluate((neutral) => {
      document.body.hidden = true;
      localStorage.clear();
      sessionStorage.clear();
      void caches.keys().then((names) => names.map((name) => caches.delete(name)));
      void navigator.serviceWorker
        .getRegistrations()
        .then((registrations) => registrations.map((r) => r.unregister()));
      location.replace(neutral);
    }, NEUTRAL),
  'redirect with Clear-Site-Data "storage", "cookies"': (page) =>
    page.evaluate(() => {
      document.body.hidden = true;
      location.replace('/bench-leave?cache=0');
    }),
  'redirect with Clear-Site-Data "cache", "storage", "cookies"': (page) =>
    page.evaluate(() => {
      document.body.hidden = true;
      location.replace('/bench-leave?cache=1');
    }),
};

const app = await createApp({ distDir, logLevel: 'warn' });
// The server's round trip, for the requests the variants wait for or send.
let latencyMs = 0;
app.addHook('onRequest', async (request) => {
  if (/^\/(bench-leave|api\/leave)/.test(request.url))
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
});
app.get('/bench-leave', (request, reply) => {
  const withCache = (request.query as { cache?: string }).cache === '1';
  void reply
    .code(303)
    .header('location', NEUTRAL)
    .header('referrer-policy', 'no-referrer')
    .header('clear-site-data', withCache ? '"cache", "storage", "cookies"' : '"storage", "cookies"')
    .send();
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const origin = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;

interface Run {
  /** From the click to the request for the neutral site. */
  requestMs: number;
  /** From the click to the neutral site's load event. */
  loadMs: number;
  left: { caches: number; workers: number; storage: number; cookies: number };
}

async function once(browser: Browser, leave: (page: Page) => Promise<void>): Promise<Run> {
  const context = await browser.newContext();
  await context.route(`${NEUTRAL}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Weather</title>' }),
  );
  const page = await context.newPage();
  await page.goto(`${origin}/en/first-steps`);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.goto(`${origin}/en/financial-aid`);
  await page.waitForFunction(async () => (await caches.keys()).includes('pages'));
  await page.evaluate(() => {
    localStorage.setItem('guichet.formDraft.contact', '{"savedAt":1,"values":{"m":"x"}}');
    sessionStorage.setItem('guichet-scroll-positions', '{}');
    document.cookie = 'guichet_consent=x; Path=/';
  });
  const requested = new Promise<number>((resolve) => {
    page.on('request', (request) => {
      if (request.url().startsWith(NEUTRAL)) resolve(performance.now());
    });
  });
  const start = performance.now();
  await leave(page);
  const requestAt = await requested;
  await page.waitForURL(NEUTRAL, { waitUntil: 'load' });
  const loadMs = performance.now() - start;
  // Back on the site's origin (a file: no script of the site runs), what is left.
  await page.goto(`${origin}/robots.txt`);
  const left = await page.evaluate(async () => ({
    caches: (await caches.keys()).length,
    workers: (await navigator.serviceWorker.getRegistrations()).length,
    storage: localStorage.length + sessionStorage.length,
    cookies: document.cookie ? document.cookie.split('; ').length : 0,
  }));
  await context.close();
  return { requestMs: requestAt - start, loadMs, left };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
console.log(`Leaving for the neutral site, median of ${String(RUNS)} fresh profiles:`);
console.log(
  '| variant | server round trip | click → request | click → loaded | runs leaving caches / workers / storage / cookies |',
);
console.log('| --- | ---: | ---: | ---: | --- |');
for (const latency of [0, 300]) {
  latencyMs = latency;
  for (const [label, leave] of Object.entries(VARIANTS)) {
    const runs: Run[] = [];
    for (let index = 0; index < RUNS; index += 1) runs.push(await once(browser, leave));
    const count = (key: 'caches' | 'workers' | 'storage' | 'cookies') =>
      runs.filter((run) => run.left[key] > 0).length;
    console.log(
      `| ${label} | ${String(latency)} ms | ${median(runs.map((run) => run.requestMs)).toFixed(0)} ms | ${median(runs.map((run) => run.loadMs)).toFixed(0)} ms | ${count('caches')} / ${count('workers')} / ${count('storage')} / ${count('cookies')} |`,
    );
  }
}
await browser.close();
await app.close();
