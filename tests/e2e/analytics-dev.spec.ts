// Development mode (`npm run dev`, Vite) never tracks, even with a statistics endpoint configured
// and analytics consent given: no `_paq` push, no request to the endpoint.
import { expect, test } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { FIRST_VISIT } from './consent-state.ts';

const STATS = 'https://stats.guichet.test/';
const PORT = Number(process.env.DEV_PORT ?? 4177);

test.use({ storageState: FIRST_VISIT });
// Vite compiles modules on the first request: slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

let server: ViteDevServer;

test.beforeAll(async () => {
  // Read by the dev page-data plugin when it builds the chrome of a language.
  process.env.MATOMO_URL = STATS;
  process.env.MATOMO_SITE_ID = '7';
  server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'error',
    server: { port: PORT, strictPort: true },
  });
  await server.listen();
});

test.afterAll(async () => {
  await server.close();
  delete process.env.MATOMO_URL;
  delete process.env.MATOMO_SITE_ID;
});

test('development mode pushes nothing and sends nothing, even with analytics consent', async ({
  page,
}) => {
  const statsRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(STATS)) statsRequests.push(request.url());
  });
  await page.route(`${STATS}**`, (route) => route.fulfill({ status: 200, body: '' }));
  // Count every push, whoever creates the queue.
  await page.addInitScript(() => {
    const log: unknown[] = [];
    (window as unknown as { __pushes: unknown[] }).__pushes = log;
    const queue: unknown[] = [];
    queue.push = (...commands: unknown[]) => log.push(...commands);
    (window as unknown as { _paq: unknown })._paq = queue;
  });
  const pushes = () => page.evaluate(() => (window as unknown as { __pushes: unknown[] }).__pushes);

  await page.goto(`http://localhost:${PORT}/en`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 90_000 });
  // The dev chrome carries the endpoint: only development mode keeps the tracker off.
  const chrome = (await (
    await page.request.get(`http://localhost:${PORT}/page-data/sq/d/en.json`)
  ).json()) as { analytics: unknown };
  expect(chrome.analytics).toEqual({ matomoUrl: STATS, siteId: '7' });

  await page.getByRole('button', { name: 'Allow all cookies' }).click();
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Disclaimer', exact: true })
    .click();
  await expect(page).toHaveTitle(/^Disclaimer/);
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Privacy statement', exact: true })
    .click();
  await expect(page).toHaveTitle(/^Privacy statement/);
  await page.waitForTimeout(200);
  expect(await pushes()).toEqual([]);
  expect(statsRequests).toEqual([]);
});
