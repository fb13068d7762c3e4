// Client navigation: no reloads, announcements, focus, delayed notice, language switch, history.
import { expect, test } from '@playwright/test';
import {
  clickAddedLink,
  collectErrors,
  disablePrefetch,
  isSameDocument,
  mainMenuLink,
  markDocument,
  titleOf,
  waitForHydration,
} from './helpers.ts';

test('a prerendered page hydrates without errors in every language', async ({ page }) => {
  const errors = collectErrors(page);
  for (const path of ['/', '/nl', '/fr', '/de', '/en', '/en/privacy-statement', '/fr/node/16065']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
});

test('a served not-found page hydrates with the requested path', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/de/gibt-es-nicht');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  await expect(page.locator('main')).toContainText('/de/gibt-es-nicht');
  // The only error is the browser's note on the document's own 404 status.
  expect(errors).toEqual([
    'Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
});

test('following a menu link does not reload the document and announces the new page', async ({
  page,
}) => {
  await page.goto('/en');
  await markDocument(page);
  const target = titleOf('/en/contacts');
  await (await mainMenuLink(page, target)).click();
  await expect(page).toHaveURL('/en/contacts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target);
  await expect(page.getByTestId('route-announcer')).toHaveText(`Navigated to ${target}`);
  expect(await isSameDocument(page)).toBe(true);
  await expect(page).toHaveTitle(`${target} | Victims of terrorism`);
});

test('after a navigation focus is on the main content and the page is scrolled to the top', async ({
  page,
}) => {
  await page.goto('/en/privacy-statement');
  // A click before hydration is a full page load, which moves no focus (CI once clicked first).
  await waitForHydration(page);
  await page.evaluate(() => {
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: titleOf('/en/disclaimer') })
    .click();
  await expect(page).toHaveURL('/en/disclaimer');
  await expect(page.locator('main')).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('links inside page content navigate without a reload', async ({ page }) => {
  await page.goto('/en');
  await markDocument(page);
  await page.locator('main .prose a[href="/en/first-steps"]').first().click();
  await expect(page).toHaveURL('/en/first-steps');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/en/first-steps'));
  expect(await isSameDocument(page)).toBe(true);
});

test('a link with a trailing slash navigates in the app to the path without it, as the server redirects', async ({
  page,
}) => {
  await page.goto('/en');
  await markDocument(page);
  await clickAddedLink(page, '/en/contacts/?from=mail');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/en/contacts'));
  await expect(page).toHaveURL('/en/contacts?from=mail');
  expect(await isSameDocument(page)).toBe(true);
});

test('a navigation held past 1 s shows the delayed-load notice, then clears it', async ({
  page,
}) => {
  await disablePrefetch(page);
  await page.goto('/en');
  await waitForHydration(page);
  // The page data is held until the notice has been seen (a fixed hold let the notice come and
  // go between two of Playwright's polls on a fast machine).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/page-data/en/contacts/page-data.json', async (route) => {
    await held;
    await route.continue();
  });
  const notice = page.getByTestId('delayed-notice');
  await (await mainMenuLink(page, titleOf('/en/contacts'))).click();
  await expect(notice).toHaveText('The page is still loading…');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/en/contacts'));
  await expect(notice).toHaveText('');
});

test('a fast navigation never shows the delayed-load notice', async ({ page }) => {
  await page.goto('/en');
  await waitForHydration(page);
  const texts: string[] = [];
  await page.exposeFunction('recordNotice', (text: string) => texts.push(text));
  await page.evaluate(() => {
    const notice = document.querySelector('[data-testid="delayed-notice"]');
    if (notice) {
      new MutationObserver(() => {
        void (window as unknown as { recordNotice: (t: string) => Promise<void> }).recordNotice(
          notice.textContent,
        );
      }).observe(notice, { childList: true, subtree: true, characterData: true });
    }
  });
  await (await mainMenuLink(page, titleOf('/en/contacts'))).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/en/contacts'));
  await page.waitForTimeout(1200);
  expect(texts.filter(Boolean)).toEqual([]);
});

test('the language switch lands on the translation of the current page', async ({ page }) => {
  await page.goto('/en/privacy-statement');
  await markDocument(page);
  const switcher = page.getByRole('navigation', { name: 'Choose a language' });
  await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await switcher.getByRole('link', { name: 'Nederlands' }).click();
  await expect(page).toHaveURL('/nl/privacyverklaring');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    titleOf('/nl/privacyverklaring'),
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByTestId('route-announcer')).toHaveText(
    `Genavigeerd naar ${titleOf('/nl/privacyverklaring')}`,
  );
  await expect(
    page
      .getByRole('navigation', { name: 'Kies een taal' })
      .getByRole('link', { name: 'Nederlands' }),
  ).toHaveAttribute('aria-current', 'true');
  expect(await isSameDocument(page)).toBe(true);
});

test('the language switch of a page without translation leads to that language’s home', async ({
  page,
}) => {
  await page.goto('/nl/node/16081');
  await page
    .getByRole('navigation', { name: 'Kies een taal' })
    .getByRole('link', { name: 'Deutsch' })
    .click();
  await expect(page).toHaveURL('/de');
});

test('the language switch of the not-found page leads to each language’s home page, not to /fr/404', async ({
  page,
}) => {
  await page.goto('/en/no-such-page');
  await markDocument(page);
  const switcher = page.getByRole('navigation', { name: 'Choose a language' });
  for (const [name, path] of [
    ['Nederlands', '/nl'],
    ['Français', '/fr'],
    ['Deutsch', '/de'],
    ['English', '/en'],
  ] as const)
    await expect(switcher.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
  await switcher.getByRole('link', { name: 'Français', exact: true }).click();
  await expect(page).toHaveURL('/fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/fr'));
  expect(await isSameDocument(page)).toBe(true);
});

test('back and forward restore the pages without reloading', async ({ page }) => {
  await page.goto('/en');
  await markDocument(page);
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: titleOf('/en/disclaimer') })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/en/disclaimer'));
  await page.goBack();
  await expect(page).toHaveURL('/en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/en'));
  await page.goForward();
  await expect(page).toHaveURL('/en/disclaimer');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/en/disclaimer'));
  expect(await isSameDocument(page)).toBe(true);
});

test('the splash page offers each language in its own language', async ({ page }) => {
  await page.goto('/');
  for (const [lang, label, target] of [
    ['nl', 'Verder in het Nederlands', '/nl'],
    ['fr', 'Continuer en français', '/fr'],
    ['de', 'Weiter auf Deutsch', '/de'],
    ['en', 'Continue in English', '/en'],
  ] as const) {
    const link = page.getByRole('link', { name: label });
    await expect(link).toHaveAttribute('href', target);
    await expect(page.locator(`li[lang="${lang}"]`).getByRole('link')).toHaveText(label);
  }
  await page.getByRole('link', { name: 'Continuer en français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/fr'));
});

test('the footer shows the copyright line with the year and the administration', async ({
  page,
}) => {
  await page.goto('/fr');
  await expect(page.getByRole('contentinfo')).toContainText(
    `© ${new Date().getFullYear()} Service public fédéral Justice`,
  );
});

test('no page scrolls sideways on a 360 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/nl', '/fr/premiers-pas', '/de/kontakte', '/en/no-such-page']) {
    await page.goto(path);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      path,
    ).toBeLessThanOrEqual(360);
  }
});

test('the first Tab reaches the skip link, which moves focus to the main content', async ({
  page,
}) => {
  await page.goto('/nl/eerste-stappen');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Naar de hoofdinhoud' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/nl/eerste-stappen#main');
  await expect(page.locator('main')).toBeFocused();
});

test('a menu link followed with the keyboard navigates and announces in French', async ({
  page,
}) => {
  await page.goto('/fr');
  await markDocument(page);
  const link = await mainMenuLink(page, titleOf('/fr/contacts'), {
    button: 'Menu',
    menu: 'Menu principal',
  });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/fr/contacts');
  await expect(page.getByTestId('route-announcer')).toHaveText(
    `Navigué vers ${titleOf('/fr/contacts')}`,
  );
  expect(await isSameDocument(page)).toBe(true);
});
