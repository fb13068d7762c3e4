// Prefetch of page-data and template chunks: on hover, focus and in view, never with data saving
// or on a 2g connection, and each URL at most once.
import { expect, test, type Page } from '@playwright/test';
import {
  addLink,
  countRequests,
  isSameDocument,
  mainMenuLink,
  markDocument,
  titleOf,
  waitForHydration,
} from './helpers.ts';

/** Emulates navigator.connection before any page script runs. */
async function emulateConnection(
  page: Page,
  connection: { saveData: boolean; effectiveType: string },
) {
  await page.addInitScript((value) => {
    Object.defineProperty(navigator, 'connection', { value, configurable: true });
  }, connection);
}

const menuLink = (page: Page, path: string) => mainMenuLink(page, titleOf(path));

test('hovering a link fetches its page-data once, and the click then needs no request', async ({
  page,
}) => {
  // Counted from the start: on a busy machine the menu's link may be prefetched in view first.
  const requests = countRequests(page, '/page-data/en/insurance/page-data.json');
  await page.goto('/en/privacy-statement');
  await addLink(page, '/en/insurance');
  await page.hover('#added-link');
  await expect.poll(() => requests.count).toBe(1);
  await page.mouse.move(0, 0);
  await page.hover('#added-link');
  await markDocument(page);
  await page.click('#added-link');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/en/insurance'));
  expect(requests.count).toBe(1);
  expect(await isSameDocument(page)).toBe(true);
});

test('focusing a link with the keyboard prefetches it', async ({ page }) => {
  await page.goto('/en/privacy-statement');
  const requests = countRequests(page, '/page-data/en/judicial-procedure/page-data.json');
  await addLink(page, '/en/judicial-procedure');
  await page.focus('#added-link');
  await expect.poll(() => requests.count).toBe(1);
});

test('links in view are prefetched while the browser is idle', async ({ page }) => {
  const requests = countRequests(page, '/page-data/en/first-steps/page-data.json');
  await page.goto('/en');
  await expect.poll(() => requests.count, { timeout: 5000 }).toBe(1);
});

for (const [label, connection] of [
  ['data saving is on', { saveData: true, effectiveType: '4g' }],
  ['the connection is 2g', { saveData: false, effectiveType: 'slow-2g' }],
] as const) {
  test(`nothing is prefetched when ${label}, and a click still loads the page`, async ({
    page,
  }) => {
    await emulateConnection(page, connection);
    const pageData = { count: 0 };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/page-data/en/')) pageData.count++;
    });
    await page.goto('/en');
    await waitForHydration(page);
    await (await menuLink(page, '/en/contacts')).hover();
    await (await menuLink(page, '/en/first-steps')).focus();
    await page.waitForTimeout(1500);
    expect(pageData.count).toBe(0);
    await (await menuLink(page, '/en/contacts')).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/en/contacts'));
    expect(pageData.count).toBe(1);
  });
}

test("the language switch's links are prefetched on intent only: a first visit fetches no other language", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/page-data/')) fetched.push(path);
  });
  const inView = countRequests(page, '/page-data/en/what-applies-to-me/page-data.json');
  await page.goto('/en/first-steps');
  await waitForHydration(page);
  // The links in view were prefetched ("Part of: What applies to me?" among them), and then
  // nothing more came.
  await expect.poll(() => inView.count, { timeout: 5000 }).toBe(1);
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((path) => /^\/page-data\/(nl|fr|de)\//.test(path))).toEqual([]);
  // The page's own chrome, preloaded; no other language's.
  expect(fetched.filter((path) => path.startsWith('/page-data/sq/'))).toHaveLength(1);

  // Pointing at a language still loads it at once.
  const dutch = page.getByRole('navigation', { name: 'Choose a language' }).getByRole('link', {
    name: 'Nederlands',
  });
  const dutchPath = new URL((await dutch.getAttribute('href')) ?? '', page.url()).pathname;
  await dutch.hover();
  await expect
    .poll(() => fetched.filter((path) => path === `/page-data${dutchPath}/page-data.json`))
    .toHaveLength(1);
});
