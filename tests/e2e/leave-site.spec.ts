// "Leave this site" (issue 43): in each language the button or Shift pressed three times leaves
// for the neutral site, replaces the current history entry, sends no Referer, and leaves no
// draft, tick, cookie, cache or service worker behind; it works before hydration and, as a plain
// link, without JavaScript; the button comes first after the skip link and stays in view on a
// phone. The neutral site is answered by page.route: no request leaves the machine.
import { expect, test, type Page, type Request } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

const NEUTRAL = 'https://www.meteo.be/';

const LANGUAGES = [
  {
    language: 'en',
    button: 'Leave this site',
    guide: '/en/financial-aid',
    contacts: '/en/contacts',
    question: 'Your question',
    how: 'button',
  },
  {
    language: 'nl',
    button: 'Verlaat deze site',
    guide: '/nl/financiele-hulp',
    contacts: '/nl/contacten',
    question: 'Uw vraag',
    how: 'shift',
  },
  {
    language: 'fr',
    button: 'Quitter ce site',
    guide: '/fr/aide-financiere',
    contacts: '/fr/contacts',
    question: 'Votre question',
    how: 'button',
  },
  {
    language: 'de',
    button: 'Seite verlassen',
    guide: '/de/finanzielle-hilfe',
    contacts: '/de/kontakte',
    question: 'Ihre Frage',
    how: 'shift',
  },
] as const;

/** Answers the neutral site in this test's browser. */
async function answerNeutralSite(page: Page): Promise<void> {
  await page
    .context()
    .route(`${NEUTRAL}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Weather</title>' }),
    );
}

/** The next request for the neutral site (not awaited: start it before the click). */
const nextNeutralRequest = (page: Page): Promise<Request> =>
  page.waitForRequest((request) => request.url() === NEUTRAL);

/**
 * What this site has left in the browser: read in the same tab (its sessionStorage) from a file
 * of the site's origin, where no script of the site runs.
 */
async function leftBehind(page: Page, origin: string) {
  await page.goto(`${origin}/robots.txt`);
  const left = await page.evaluate(async () => ({
    storage: [...Object.keys(localStorage), ...Object.keys(sessionStorage)],
    caches: await caches.keys(),
    workers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
  return { ...left, cookies: (await page.context().cookies()).map((cookie) => cookie.name) };
}

/** Waits until the script of "Leave this site" listens (it may run before or after hydration). */
const leaveReady = (page: Page) =>
  page.locator('html[data-leave-ready]').waitFor({ state: 'attached' });

const pressShiftThreeTimes = async (page: Page) => {
  for (let press = 0; press < 3; press += 1) await page.keyboard.press('Shift');
};

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  for (const { language, button, guide, contacts, question, how } of LANGUAGES) {
    test(`in ${language}, ${how === 'button' ? `"${button}"` : 'Shift three times'} leaves for the neutral site and leaves nothing behind`, async ({
      page,
    }) => {
      await answerNeutralSite(page);
      await page.goto(guide);
      await waitForHydration(page);
      await page.locator('input.checklist__box').first().check();
      await page.goto(contacts);
      await waitForHydration(page);
      await page.getByRole('textbox', { name: question }).fill('Someone reads my messages.');
      await page.evaluate(async () => navigator.serviceWorker.ready);
      await expect
        .poll(() => page.evaluate(async () => (await caches.keys()).length))
        .toBeGreaterThan(0);
      const origin = new URL(page.url()).origin;
      const stored = await page.evaluate(() => Object.keys(localStorage).sort());
      expect(stored).toEqual([
        'guichet.checklist.' + guide + '#checklist-1',
        'guichet.formDraft.contact',
      ]);

      const neutral = nextNeutralRequest(page);
      if (how === 'button')
        await page.getByRole('link', { name: button, exact: true }).first().click();
      else await pressShiftThreeTimes(page);

      const request = await neutral;
      expect(request.headers().referer).toBeUndefined();
      await expect(page).toHaveURL(NEUTRAL);
      expect(await leftBehind(page, origin)).toEqual({
        storage: [],
        caches: [],
        workers: 0,
        cookies: [],
      });
      // The contacts page was replaced by the neutral site: two steps back is the guide.
      await page.goBack();
      await expect(page).toHaveURL(NEUTRAL);
      await page.goBack();
      await expect(page).toHaveURL(`${origin}${guide}`);
    });
  }
});

test('before the app has hydrated, the button and Shift three times already leave', async ({
  page,
}) => {
  // The app's entry never arrives: only the small script of "Leave this site" runs.
  await page.route('**/assets/entry-client-*.js', (route) => route.abort());
  await answerNeutralSite(page);
  let neutral = nextNeutralRequest(page);
  await page.goto('/fr/premiers-pas');
  await leaveReady(page);
  await page.evaluate(() => {
    localStorage.setItem('guichet.formDraft.contact', '{}');
  });
  await page.getByRole('link', { name: 'Quitter ce site', exact: true }).first().click();
  await neutral;
  await expect(page).toHaveURL(NEUTRAL);
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);

  await page.goto('/de/erste-schritte');
  neutral = nextNeutralRequest(page);
  await leaveReady(page);
  await pressShiftThreeTimes(page);
  await neutral;
  await expect(page).toHaveURL(NEUTRAL);
  const origin = new URL('/', test.info().project.use.baseURL).origin;
  expect((await leftBehind(page, origin)).storage).toEqual([]);
});

test('Shift used with another key, or typed between presses, does not leave', async ({ page }) => {
  await page.goto('/en/contacts');
  await waitForHydration(page);
  const field = page.getByRole('textbox', { name: 'Your question' });
  await field.click();
  // Capitals, Shift+Tab, and Shift pressed twice with a letter between.
  for (const key of ['Shift+KeyM', 'y', 'Space', 'Shift+KeyI', 'Shift+Tab'])
    await page.keyboard.press(key);
  await page.keyboard.press('Shift');
  await page.keyboard.press('a');
  await page.keyboard.press('Shift');
  await page.keyboard.press('Shift');
  await expect(page).toHaveURL(/\/en\/contacts$/);
  await expect(page.locator('#leave-site-status')).toHaveText(
    'Shift: press once more to leave this site.',
  );
});

test('without JavaScript the button is a plain link to the neutral site, sent without a Referer', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await answerNeutralSite(page);
  const neutral = nextNeutralRequest(page);
  await page.goto('/nl/eerste-stappen');
  const link = page.getByRole('link', { name: 'Verlaat deze site', exact: true }).first();
  await expect(link).toHaveAttribute('href', NEUTRAL);
  await link.click();
  expect((await neutral).headers().referer).toBeUndefined();
  await expect(page).toHaveURL(NEUTRAL);
  await context.close();
});

test('without JavaScript, on a phone, a reader opens the menu and then leaves from it at once (issue 48)', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 800 },
  });
  const page = await context.newPage();
  await answerNeutralSite(page);
  await page.goto('/fr/premiers-pas');
  const menuLink = page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Associations de victimes', exact: true });
  await expect(menuLink).toBeHidden();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(menuLink).toBeVisible();
  // The menu is open over the page; "Quitter ce site" stays in view above it and one tap leaves.
  const neutral = nextNeutralRequest(page);
  await page.getByRole('link', { name: 'Quitter ce site', exact: true }).first().click();
  expect((await neutral).headers().referer).toBeUndefined();
  await expect(page).toHaveURL(NEUTRAL);
  await context.close();
});

test('the button comes first after the skip link, and a hidden link starts the main content', async ({
  page,
}) => {
  await page.goto('/en/first-steps');
  await waitForHydration(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Tab');
  const bar = page.locator('.leave-site');
  await expect(bar.getByRole('link', { name: 'Leave this site' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('link', { name: 'Staying safe online' })).toBeFocused();

  // From the skip link, the next stop is the hidden link, shown while it has the focus.
  const hidden = page.locator('main a[data-leave-site]');
  await expect(hidden).toHaveText('Leave this site');
  await expect(hidden).not.toBeInViewport();
  await page.getByRole('link', { name: 'Skip to main content' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(hidden).toBeFocused();
  await expect(hidden).toBeInViewport();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('the button stays in view at the end of a long page, and leads to the safety page', async ({
    page,
  }) => {
    await page.goto('/de/erste-schritte');
    await waitForHydration(page);
    await page.locator('footer').scrollIntoViewIfNeeded();
    const button = page.locator('.leave-site').getByRole('link', { name: 'Seite verlassen' });
    await expect(button).toBeInViewport({ ratio: 1 });
    const box = await button.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 800) + (box?.height ?? 0)).toBeLessThan(60);
    await page.locator('.leave-site').getByRole('link', { name: 'Sicher im Internet' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sicher im Internet');
  });
});
