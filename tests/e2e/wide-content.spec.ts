// A table and a line of code wider than a phone (fixtures/wide-content.ts): the page stays the
// phone's width, the code wraps, the table scrolls inside its own box, and a reader reaches that
// box with Tab and scrolls it with the arrow keys; a screen reader hears its name.
import { expect, test } from '@playwright/test';
import { axeViolations, collectErrors } from './helpers.ts';
import { FIXTURE_ORIGIN } from './fixtures/listing-content.ts';
import { WIDE_ARTICLES } from './fixtures/wide-content.ts';

test.use({ baseURL: FIXTURE_ORIGIN, viewport: { width: 360, height: 800 } });

for (const [lang, { path, link, table }] of Object.entries(WIDE_ARTICLES)) {
  test(`${lang}: a wide table scrolls in its own box, from the keyboard too; code wraps`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);

    const code = page.locator('.prose pre');
    expect(await code.evaluate((pre) => pre.scrollWidth - pre.clientWidth)).toBe(0);
    expect(await code.evaluate((pre) => pre.getBoundingClientRect().right)).toBeLessThanOrEqual(
      360,
    );

    const box = page.getByRole('region', { name: table, exact: true });
    const sizes = () =>
      box.evaluate((element) => ({
        scrollLeft: element.scrollLeft,
        hidden: element.scrollWidth - element.clientWidth,
      }));
    expect((await sizes()).hidden).toBeGreaterThan(0);
    // From the link just before the table, Tab reaches the box; the arrow keys scroll it.
    await page.getByRole('link', { name: link, exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(box).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await sizes()).scrollLeft).toBeGreaterThan(0);
    // The box scrolled, not the page.
    expect(await page.evaluate(() => window.scrollX)).toBe(0);

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}
