// The title in view (issue 43): on every template the h1 starts within the first 300 px at
// 1280×800 and at 360×800 (axe on each at 360 px; tests/e2e/accessibility.spec.ts runs it on the
// desktop), and a page opened afresh starts at its top, while back, forward and reload bring the
// reader back where they were.
import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_ORIGIN } from './fixtures/listing-content.ts';
import { axeViolations, waitForHydration } from './helpers.ts';

/** Where the h1 must start at the latest, from the top of the page. */
const TITLE_WITHIN = 300;

const TEMPLATES = [
  ['splash', '/'],
  ['content page with a form', '/nl/contacten'],
  ['guide of the step-by-step plan', '/fr/premiers-pas'],
  ['news list', `${FIXTURE_ORIGIN}/de/aktuelles`],
  ['article', `${FIXTURE_ORIGIN}/en/news/n01-advance-payments-paid-faster`],
  ['agenda', `${FIXTURE_ORIGIN}/fr/agenda`],
  ['search', '/de/search?q=Hilfe'],
  ['not found', '/en/no-such-page'],
] as const;

const titleTop = (page: Page) =>
  page.evaluate(() => {
    const heading = document.querySelector('h1');
    return heading ? heading.getBoundingClientRect().top + window.scrollY : Number.NaN;
  });

for (const width of [1280, 360]) {
  test.describe(`at ${String(width)}×800`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const [name, url] of TEMPLATES) {
      test(`the ${name} template shows its title within the first ${String(TITLE_WITHIN)} px`, async ({
        page,
      }) => {
        await page.goto(url);
        await waitForHydration(page);
        expect(await titleTop(page)).toBeLessThanOrEqual(TITLE_WITHIN);
        if (width === 360) expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('a page opened by its address opens at its top, whatever was read before in the tab', async ({
  page,
}) => {
  await page.goto('/en/contacts');
  await waitForHydration(page);
  await page.evaluate(() => {
    window.scrollTo(0, 2000);
  });
  await expect.poll(() => scrollY(page)).toBe(2000);
  // Typed in the address bar, or opened from a bookmark: a new document in the same tab.
  await page.goto('/en/first-steps');
  await waitForHydration(page);
  expect(await scrollY(page)).toBe(0);
  await page.goto('/en/contacts');
  await waitForHydration(page);
  expect(await scrollY(page)).toBe(0);
});

test('back, forward and reload bring the reader back where they were', async ({ page }) => {
  await page.goto('/en/contacts');
  await waitForHydration(page);
  await page.evaluate(() => {
    window.scrollTo(0, 1500);
  });
  await expect.poll(() => scrollY(page)).toBe(1500);
  // Clicked where it is, without scrolling to it first as Playwright's click would.
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Disclaimer' })
    .evaluate((link: HTMLElement) => {
      link.click();
    });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Disclaimer');
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.goBack();
  await expect.poll(() => scrollY(page)).toBe(1500);
  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => scrollY(page)).toBe(1500);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Disclaimer');
  await expect.poll(() => scrollY(page)).toBe(0);
});
