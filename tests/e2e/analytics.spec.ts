// Statistics on the site built with a Matomo endpoint (tests/e2e/analytics-site.ts): nothing
// before consent, the exact `_paq` entries after it, nothing after a withdrawal. matomo.js and
// matomo.php are answered by page.route: no request leaves the machine.
import { expect, test, type Page } from '@playwright/test';
import { CONSENT_CHECK_HASH } from '../../server/security-headers.ts';
import { FIRST_VISIT } from './consent-state.ts';
import { waitForHydration } from './helpers.ts';

const ORIGIN = `http://localhost:${process.env.ANALYTICS_PORT ?? '4176'}`;
const STATS = 'https://stats.guichet.test/';

test.use({ storageState: FIRST_VISIT });

interface Logged {
  command: unknown[];
  at: number;
}

declare global {
  interface Window {
    __paqLog: Logged[];
    __titleSetAt: number[];
  }
}

/** Records every `_paq` push and every document.title assignment, with their times. */
async function instrument(page: Page): Promise<string[]> {
  const statsRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(STATS)) statsRequests.push(request.url());
  });
  await page.route(`${STATS}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  await page.addInitScript(() => {
    window.__paqLog = [];
    window.__titleSetAt = [];
    const queue: unknown[][] = [];
    queue.push = (...commands: unknown[][]) => {
      for (const command of commands) window.__paqLog.push({ command, at: performance.now() });
      return Array.prototype.push.apply(queue, commands);
    };
    (window as unknown as { _paq: unknown })._paq = queue;
    const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title');
    Object.defineProperty(document, 'title', {
      configurable: true,
      get: () => title?.get?.call(document) as string,
      set: (value: string) => {
        window.__titleSetAt.push(performance.now());
        title?.set?.call(document, value);
      },
    });
  });
  return statsRequests;
}

const paq = (page: Page) => page.evaluate(() => window.__paqLog.map((entry) => entry.command));

/** Goes to another page by a footer link (client navigation) and waits for its title. */
async function navigate(page: Page, name: string, title: string) {
  await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveTitle(new RegExp(`^${title}`));
}

test('the server allows the statistics origin in its Content-Security-Policy', async ({
  request,
}) => {
  const csp = (await request.get(`${ORIGIN}/en`)).headers()['content-security-policy'] ?? '';
  expect(csp).toContain(
    `script-src 'self' 'wasm-unsafe-eval' ${CONSENT_CHECK_HASH} https://stats.guichet.test;`,
  );
  expect(csp).toContain("connect-src 'self' https://stats.guichet.test;");
  expect(csp).toContain("img-src 'self' data: https://stats.guichet.test;");
  expect(csp).toContain("style-src 'self';");
});

test('before consent, and with analytics not selected, nothing is loaded or sent', async ({
  page,
  context,
}) => {
  const statsRequests = await instrument(page);
  // Nor is the statistics' own code fetched (issue 48): it has nothing to do yet.
  const statisticsCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/statistics-[\w-]+\.js$/.test(request.url())) statisticsCode.push(request.url());
  });
  await page.goto(`${ORIGIN}/en`);
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Cookies on this website' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await context.cookies()).toEqual([]);
  expect(await paq(page)).toEqual([]);

  // Statistics left unticked.
  await page.getByRole('button', { name: 'Allow selected cookies' }).click();
  await navigate(page, 'Disclaimer', 'Disclaimer');
  await page.waitForLoadState('networkidle');
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['guichet_consent']);
  expect(await paq(page)).toEqual([]);
  expect(statsRequests).toEqual([]);
  expect(statisticsCode).toEqual([]);
});

test('"Allow all cookies" tracks the first load and each route, 32 ms after its title', async ({
  page,
}) => {
  const statsRequests = await instrument(page);
  await page.goto(`${ORIGIN}/en`);
  await page.getByRole('button', { name: 'Allow all cookies' }).click();
  // The consent counts for the page it was given on.
  await expect.poll(() => paq(page)).toContainEqual(['trackPageView']);
  // The script's request leaves once its element is in the document, a moment after the queue
  // has the page view (in CI, once, the request was not yet out when the queue was read).
  await expect.poll(() => statsRequests).toEqual([`${STATS}matomo.js`]);
  // Regression: the load duration is the document's load time, not the time until the click.
  const loadEventEnd = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  );
  expect((await paq(page)).filter((command) => command[0] === 'trackEvent')).toEqual([
    ['trackEvent', 'javascript', 'load', 'duration', Math.round(loadEventEnd)],
  ]);

  // A new document: the first load, then two client navigations.
  await page.goto(`${ORIGIN}/en/first-steps?q=my+name`);
  await waitForHydration(page);
  const firstTitle = await page.title();
  await expect.poll(() => paq(page)).toContainEqual(['trackPageView']);
  await navigate(page, 'Privacy statement', 'Privacy statement');
  const secondTitle = await page.title();
  await navigate(page, 'Disclaimer', 'Disclaimer');
  const thirdTitle = await page.title();
  await expect.poll(async () => (await paq(page)).length).toBe(19);

  const [load] = (await paq(page)).filter((command) => command[0] === 'trackEvent');
  const first = `${ORIGIN}/en/first-steps`;
  const second = `${ORIGIN}/en/privacy-statement`;
  const third = `${ORIGIN}/en/disclaimer`;
  expect(await paq(page)).toEqual([
    ['requireConsent'],
    ['setTrackerUrl', `${STATS}matomo.php`],
    ['setSiteId', '7'],
    ['setConsentGiven'],
    ['trackEvent', 'javascript', 'load', 'duration', load?.[4]],
    ['setCustomUrl', first],
    ['setDocumentTitle', firstTitle],
    ['trackPageView'],
    ['enableLinkTracking'],
    ['setReferrerUrl', first],
    ['setCustomUrl', second],
    ['setDocumentTitle', secondTitle],
    ['trackPageView'],
    ['enableLinkTracking'],
    ['setReferrerUrl', second],
    ['setCustomUrl', third],
    ['setDocumentTitle', thirdTitle],
    ['trackPageView'],
    ['enableLinkTracking'],
  ]);
  expect(typeof load?.[4]).toBe('number');
  expect(load?.[4]).toBeGreaterThan(0);

  // Each route's first push comes at least 32 ms after the title it reports was set.
  const { log, titles } = await page.evaluate(() => ({
    log: window.__paqLog,
    titles: window.__titleSetAt,
  }));
  const starts = log.filter(
    (entry, index) =>
      entry.command[0] === 'trackEvent' ||
      entry.command[0] === 'setReferrerUrl' ||
      (entry.command[0] === 'setCustomUrl' && log[index - 1]?.command[0] === 'setConsentGiven'),
  );
  expect(starts).toHaveLength(3);
  for (const start of starts) {
    const titleSet = Math.max(...titles.filter((at) => at <= start.at));
    expect(start.at - titleSet).toBeGreaterThanOrEqual(32);
  }
});

test('withdrawing consent stops the pushes and removes the statistics cookies', async ({
  page,
  context,
}) => {
  await instrument(page);
  await page.goto(`${ORIGIN}/en`);
  await page.getByRole('button', { name: 'Allow all cookies' }).click();
  await expect.poll(() => paq(page)).toContainEqual(['trackPageView']);
  // What matomo.js would have set.
  await page.evaluate(() => {
    document.cookie = '_pk_id.7.1fff=abc; Path=/';
    document.cookie = '_pk_ses.7.1fff=1; Path=/';
  });
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await page
    .getByRole('region', { name: 'Cookies on this website' })
    .getByLabel('Statistics (analytics)')
    .uncheck();
  await page.getByRole('button', { name: 'Allow selected cookies' }).click();
  const before = await paq(page);
  expect(before.at(-1)).toEqual(['forgetConsentGiven']);
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['guichet_consent']);

  await navigate(page, 'Disclaimer', 'Disclaimer');
  await navigate(page, 'Privacy statement', 'Privacy statement');
  await page.waitForTimeout(200);
  expect(await paq(page)).toEqual(before);
});
