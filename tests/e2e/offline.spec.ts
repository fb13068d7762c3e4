// The service worker: registration, pages that open offline, the offline page per language,
// and the rule that it only registers over HTTPS or on localhost.
import { expect, test, type Page } from '@playwright/test';
import { mainMenuLink, titleOf } from './helpers.ts';

test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker is active. */
async function waitForWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Waits until the worker is active and has cached what the page loaded before it took over. */
async function waitForOfflineCopy(page: Page, path: string) {
  await waitForWorker(page);
  await expect
    .poll(
      () =>
        page.evaluate(
          async (url) => Boolean(await caches.match(url)),
          new URL(path, page.url()).href,
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
}

test('the worker registers on localhost and reaches "activated"', async ({ page }) => {
  await page.goto('/en');
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
});

test('a visited page opens offline; an unvisited one shows the offline page in its language', async ({
  page,
  context,
}) => {
  await page.goto('/en/privacy-statement');
  await waitForOfflineCopy(page, '/en/privacy-statement');
  await context.setOffline(true);

  await page.goto('/en/privacy-statement');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    titleOf('/en/privacy-statement'),
  );

  await page.goto('/en/insurance');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await page.goto('/nl/verzekeringen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('U bent offline');
  await expect(page.getByTestId('status-notices')).toHaveText(
    'U bent offline. Pagina’s die u eerder bezocht, kunt u nog openen.',
  );
});

test('the key pages of every language open offline without a prior visit', async ({
  page,
  context,
}) => {
  await page.goto('/en');
  await waitForWorker(page);
  await context.setOffline(true);
  for (const path of [
    '/fr/premiers-pas',
    '/de/kontakte',
    '/nl/centraal-loket',
    '/en/first-steps',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(titleOf(path));
  }
});

test('client navigation offline to an unvisited page shows the offline page', async ({
  page,
  context,
}) => {
  await page.goto('/en');
  await waitForWorker(page);
  await page.reload();
  await context.setOffline(true);
  await (await mainMenuLink(page, titleOf('/en/judicial-procedure'))).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await expect(page).toHaveURL('/en/judicial-procedure');
});

test.describe('on a host that is neither HTTPS nor localhost', () => {
  test('the worker is not registered and the reason is logged', async ({ page, baseURL }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // Chromium also warns that it ignores Cross-Origin-Opener-Policy on plain http: true of
      // this test host, and of no deployed site (served over HTTPS).
      const text = message.text();
      if (message.type() === 'error' && !text.startsWith('The Cross-Origin-Opener-Policy header')) {
        errors.push(text);
      }
    });
    const port = new URL(baseURL ?? '').port;
    await page.goto(`http://guichet.test:${port}/en`);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([
      'Service workers can only be used over HTTPS, or on localhost for development',
    ]);
  });
});

test('the worker keeps no search with its query, no answers, and no copy of its own of a page with a form', async ({
  page,
}) => {
  await page.goto('/en/privacy-statement');
  await waitForWorker(page);
  await page.reload();
  await page.goto('/en/search?q=insurance');
  await expect(page.locator('.search-results li').first()).toBeVisible();
  await page.goto(
    '/en/what-applies-to-me#screen=plan&where=belgium&attack=brussels-2016&role=injured&need=money',
  );
  await expect(page.getByRole('heading', { name: 'Your steps' })).toBeVisible();
  await page.goto('/en/contacts');
  await page.getByRole('textbox', { name: 'Your question' }).fill('Someone reads my messages.');
  await page.goto('/en/disclaimer');
  // What the worker did keep: the pages read without a form, so that they open offline.
  await waitForOfflineCopy(page, '/en/disclaimer');
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (name.startsWith('workbox-precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys())
        urls.push(
          new URL(request.url).pathname + new URL(request.url).search + new URL(request.url).hash,
        );
    }
    return urls;
  });
  expect(kept).toContain('/en/disclaimer');
  expect(kept.filter((url) => /[?&]q=|#|\/pagefind\/.*\/(index|fragment)\//.test(url))).toEqual([]);
  // Contacts is precached for every visitor; no copy says this reader opened it.
  expect(kept.filter((url) => url.includes('/en/contacts'))).toEqual([]);
});
