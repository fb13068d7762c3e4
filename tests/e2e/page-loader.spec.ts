// The loader's rules (docs/runtime.md "Loading a page"), proven by forcing statuses on the
// browser's requests and counting the requests that go out.
import { expect, test, type Page } from '@playwright/test';
import {
  clickAddedLink,
  countRequests,
  disablePrefetch,
  isSameDocument,
  markDocument,
  titleOf,
} from './helpers.ts';

const PRIVACY = '/en/privacy-statement';
const PRIVACY_DATA = '/page-data/en/privacy-statement/page-data.json';

/** Answers the first `times` requests for `path` with `status`, then lets them through. */
async function failFirst(page: Page, path: string, status: number, times: number) {
  let answered = 0;
  await page.route(`**${path}`, async (route) => {
    if (answered++ < times) await route.fulfill({ status, body: 'unavailable' });
    else await route.continue();
  });
}

test.beforeEach(async ({ page }) => {
  await disablePrefetch(page);
  await page.goto('/en');
  await markDocument(page);
});

test('page-data answered 503 twice is retried and the page then shows', async ({ page }) => {
  const requests = countRequests(page, PRIVACY_DATA);
  await failFirst(page, PRIVACY_DATA, 503, 2);
  await clickAddedLink(page, PRIVACY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(PRIVACY));
  expect(requests.count).toBe(3);
  expect(await isSameDocument(page)).toBe(true);
});

test('page-data that keeps failing is tried four times, then the error page shows', async ({
  page,
}) => {
  const requests = countRequests(page, PRIVACY_DATA);
  await failFirst(page, PRIVACY_DATA, 503, 100);
  await clickAddedLink(page, PRIVACY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be loaded');
  expect(requests.count).toBe(4);
  expect(await isSameDocument(page)).toBe(true);
  await expect(page).toHaveURL(PRIVACY);
});

test('a 500 is an error at once, without retries', async ({ page }) => {
  const requests = countRequests(page, PRIVACY_DATA);
  await failFirst(page, PRIVACY_DATA, 500, 100);
  await clickAddedLink(page, PRIVACY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be loaded');
  expect(requests.count).toBe(1);
});

test('the error page in Dutch offers a retry that loads the page', async ({ page }) => {
  await page.goto('/nl');
  await markDocument(page);
  const data = '/page-data/nl/privacyverklaring/page-data.json';
  await failFirst(page, data, 500, 1);
  await clickAddedLink(page, '/nl/privacyverklaring');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Deze pagina kon niet worden geladen',
  );
  await page.getByRole('link', { name: 'Opnieuw proberen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    titleOf('/nl/privacyverklaring'),
  );
});

test('the error page is announced and focused like any page, and so is the page "Try again" brings back', async ({
  page,
}) => {
  await failFirst(page, PRIVACY_DATA, 500, 1);
  await clickAddedLink(page, PRIVACY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be loaded');
  await expect(page.getByTestId('route-announcer')).toHaveText(
    'Navigated to This page could not be loaded',
  );
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveTitle('This page could not be loaded | Victims of terrorism');

  await page.getByRole('link', { name: 'Try again', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(PRIVACY));
  await expect(page.getByTestId('route-announcer')).toHaveText(`Navigated to ${titleOf(PRIVACY)}`);
  await expect(page.locator('main')).toBeFocused();
  expect(await isSameDocument(page)).toBe(true);
});

test('a failed navigation to a page in another language shows the error page in that language', async ({
  page,
}) => {
  const french = '/fr/declaration-de-confidentialite';
  await failFirst(page, `/page-data${french}/page-data.json`, 500, 1);
  await clickAddedLink(page, french);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Cette page n’a pas pu être chargée',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('link', { name: 'Réessayer', exact: true })).toHaveAttribute(
    'href',
    french,
  );
  await expect(page.getByTestId('route-announcer')).toHaveText(
    'Navigué vers Cette page n’a pas pu être chargée',
  );
  await expect(page.locator('main')).toBeFocused();
});

test('a 404 shows the language’s not-found page at the requested URL after one HEAD check', async ({
  page,
}) => {
  await page.goto('/nl');
  await markDocument(page);
  const heads = countRequests(page, '/nl/bestaat-niet', 'HEAD');
  const data = countRequests(page, '/page-data/nl/bestaat-niet/page-data.json');
  await clickAddedLink(page, '/nl/bestaat-niet');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden');
  await expect(page.locator('main')).toContainText(
    'De opgevraagde pagina "/nl/bestaat-niet" werd niet gevonden.',
  );
  await expect(page).toHaveURL('/nl/bestaat-niet');
  expect(heads.count).toBe(1);
  expect(data.count).toBe(1);
  expect(await isSameDocument(page)).toBe(true);
});

test('a 200 without a valid path is treated as not found', async ({ page }) => {
  await page.route('**/page-data/en/ghost/page-data.json', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<html>host fallback</html>' }),
  );
  await clickAddedLink(page, '/en/ghost');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.locator('main')).toContainText(
    'The requested page "/en/ghost" could not be found.',
  );
  expect(await isSameDocument(page)).toBe(true);
});

test('when the HEAD check finds the page, the browser loads it in full', async ({ page }) => {
  await page.route(`**${PRIVACY_DATA}`, (route) => route.fulfill({ status: 404, body: '{}' }));
  await clickAddedLink(page, PRIVACY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(PRIVACY));
  expect(await isSameDocument(page)).toBe(false);
});

test('a different build hash makes the navigation a full page load, keeping query and hash', async ({
  page,
}) => {
  await page.route('**/page-data/app-data.json', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '{"webpackCompilationHash":"a-newer-build"}',
    }),
  );
  await clickAddedLink(page, `${PRIVACY}?from=test#what-are-my-rights`);
  await expect(page).toHaveURL(`${PRIVACY}?from=test#what-are-my-rights`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(PRIVACY));
  expect(await isSameDocument(page)).toBe(false);
});

test('app-data is retried like page-data', async ({ page }) => {
  const requests = countRequests(page, '/page-data/app-data.json');
  await failFirst(page, '/page-data/app-data.json', 503, 3);
  await clickAddedLink(page, PRIVACY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(PRIVACY));
  expect(requests.count).toBe(4);
  expect(await isSameDocument(page)).toBe(true);
});

test('a template chunk that fails to load makes the navigation a full page load', async ({
  page,
}) => {
  await page.route('**/assets/Newsfeed-*.js', (route) => route.abort());
  await clickAddedLink(page, '/en/news');
  await expect(page).toHaveURL('/en/news');
  expect(await isSameDocument(page)).toBe(false);
});

test('page-data is fetched once per session', async ({ page }) => {
  const requests = countRequests(page, PRIVACY_DATA);
  await clickAddedLink(page, PRIVACY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(PRIVACY));
  await page.goBack();
  await expect(page).toHaveURL('/en');
  await clickAddedLink(page, PRIVACY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(PRIVACY));
  expect(requests.count).toBe(1);
});

/** The URL of a language's chrome, as its pages list it first. */
async function chromeUrl(page: Page, language: string): Promise<string> {
  const response = await page.request.get(`/page-data/${language}/page-data.json`);
  const { staticQueryHashes } = (await response.json()) as { staticQueryHashes: string[] };
  return `/page-data/sq/d/${String(staticQueryHashes[0])}.json`;
}

test('the first document preloads its chrome, fetches it once, and hydrates with it', async ({
  page,
}) => {
  const chrome = await chromeUrl(page, 'fr');
  const requests = countRequests(page, chrome);
  await page.goto('/fr/assurances');
  // The page inlines its own data, not the chrome, which every page of the language shares.
  await expect(page.locator('link[rel="preload"][as="fetch"]')).toHaveAttribute('href', chrome);
  expect(await page.locator('#__GUICHET_DATA__').textContent()).not.toContain('"messages"');
  await markDocument(page);
  await clickAddedLink(page, '/fr/premiers-pas');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/fr/premiers-pas'));
  expect(await isSameDocument(page)).toBe(true);
  expect(requests.count).toBe(1);
});

test('a first document whose chrome cannot load stays readable, and its links load in full', async ({
  page,
}) => {
  const chrome = await chromeUrl(page, 'en');
  const requests = countRequests(page, chrome);
  await page.route(`**${chrome}`, (route) => route.abort());
  await page.goto(PRIVACY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(PRIVACY));
  // The loader's first try (which may take over the failed preload) and its 3 retries; then the
  // page is left as prerendered.
  await expect.poll(() => requests.count).toBeGreaterThanOrEqual(4);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  await page.evaluate(() => {
    window.__sameDocument = 'kept';
  });
  const link = page.locator(`footer a[href^="/en/"]:not([href="${PRIVACY}"])`).first();
  const target = String(await link.getAttribute('href'));
  await link.click();
  await expect(page).toHaveURL(target);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(target));
  expect(await isSameDocument(page)).toBe(false);
});
