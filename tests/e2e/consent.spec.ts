// Cookie consent (issue 43, ADR 0024): no banner and no "Cookie settings" on a site without
// statistics; on the site built with Matomo (tests/e2e/analytics-site.ts) a banner at the top in
// the page's language (the browser's on the splash) that blocks neither reading, searching nor
// the keyboard, whose choices store one cookie and give the focus back, never to the body.
import { expect, test, type Page } from '@playwright/test';
import {
  CONSENT_COOKIE,
  CONSENT_POLICY_VERSION,
  type Consent,
} from '../../src/components/consent/consent-store.ts';
import { FIRST_VISIT } from './consent-state.ts';
import { axeViolations, waitForHydration } from './helpers.ts';

const STATS_SITE = `http://localhost:${process.env.ANALYTICS_PORT ?? '4176'}`;

test.use({ storageState: FIRST_VISIT });

const LANGUAGES = {
  en: {
    home: '/en',
    title: 'Cookies on this website',
    settings: 'Cookie settings',
    buttons: ['Refuse all optional cookies', 'Allow selected cookies', 'Allow all cookies'],
  },
  nl: {
    home: '/nl',
    title: 'Cookies op deze website',
    settings: 'Cookie-instellingen',
    buttons: [
      'Alle optionele cookies weigeren',
      'Geselecteerde cookies toestaan',
      'Alle cookies toestaan',
    ],
  },
  fr: {
    home: '/fr',
    title: 'Cookies sur ce site',
    settings: 'Paramètres des cookies',
    buttons: [
      'Refuser tous les cookies optionnels',
      'Autoriser les cookies sélectionnés',
      'Autoriser tous les cookies',
    ],
  },
  de: {
    home: '/de',
    title: 'Cookies auf dieser Website',
    settings: 'Cookie-Einstellungen',
    buttons: [
      'Alle optionalen Cookies ablehnen',
      'Ausgewählte Cookies erlauben',
      'Alle Cookies erlauben',
    ],
  },
} as const;

const banner = (page: Page, title: string = LANGUAGES.en.title) =>
  page.getByRole('region', { name: title });

/** The stored choice, once the browser has it. */
async function storedConsent(page: Page): Promise<Consent | undefined> {
  await expect.poll(async () => (await page.context().cookies()).length).toBeGreaterThan(0);
  const cookie = (await page.context().cookies()).find((item) => item.name === CONSENT_COOKIE);
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as Consent) : undefined;
}

/** Where the focus is: "body" is what must never happen after a choice. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active === document.body || active === null
      ? 'body'
      : `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}`;
  });

test.describe('a site without statistics', () => {
  for (const [language, { home, title, settings }] of Object.entries(LANGUAGES)) {
    test(`asks nothing in ${language}: no banner, no dialog, no "Cookie settings", no cookie`, async ({
      page,
    }) => {
      await page.goto(home);
      await waitForHydration(page);
      await expect(page.getByRole('region', { name: title })).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('button', { name: settings })).toHaveCount(0);
      await page.getByRole('contentinfo').getByRole('link').nth(1).click();
      await expect(page).not.toHaveURL(new RegExp(`${home}$`));
      expect(await page.context().cookies()).toEqual([]);
    });
  }
});

test.describe('a site with statistics', () => {
  for (const [language, { home, title, buttons }] of Object.entries(LANGUAGES)) {
    test(`asks in ${language} with a banner at the top, under "Leave this site"`, async ({
      page,
    }) => {
      await page.goto(`${STATS_SITE}${home}`);
      await expect(banner(page, title)).toBeVisible();
      await expect(banner(page, title).getByRole('button')).toHaveText([...buttons]);
      await expect(banner(page, title)).toHaveAttribute('lang', language);
      // After the leave bar, before the header.
      const order = await page.evaluate(() =>
        [...document.querySelectorAll('.leave-site, .consent-banner, .site-header')].map(
          (element) => element.className.split(' ')[0],
        ),
      );
      expect(order).toEqual(['leave-site', 'consent-banner', 'site-header']);
      expect(await page.context().cookies()).toEqual([]);
    });
  }

  test('the banner blocks nothing: the page reads, searches and takes the keyboard', async ({
    page,
  }) => {
    await page.goto(`${STATS_SITE}/en/first-steps`);
    await expect(banner(page)).toBeVisible();
    expect(await page.evaluate(() => document.querySelector(':modal'))).toBeNull();
    // The keyboard: skip link, "Leave this site", then the banner, then the page goes on.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('.leave-site a[data-leave-site]')).toBeFocused();
    await page.getByRole('searchbox').first().fill('insurance');
    await page.getByRole('searchbox').first().press('Enter');
    await expect(page).toHaveURL(/\/en\/search\?q=insurance$/);
    await expect(page.locator('.search-results li').first()).toBeVisible();
    await expect(banner(page)).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Disclaimer' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Disclaimer');
  });

  test('"Refuse all optional cookies" stores one cookie and gives the focus to the main content', async ({
    page,
  }) => {
    await page.goto(`${STATS_SITE}/en/first-steps`);
    await banner(page).getByRole('button', { name: 'Refuse all optional cookies' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await focused(page)).toBe('main#main');
    const record = await storedConsent(page);
    expect(record).toMatchObject({ version: CONSENT_POLICY_VERSION, analytics: false });
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual([CONSENT_COOKIE]);
    const days =
      (((await page.context().cookies())[0]?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(180);
    expect(days).toBeLessThan(185);
    await page.reload();
    await waitForHydration(page);
    await expect(banner(page)).toHaveCount(0);
  });

  test('a choice by keyboard gives the focus back where the reader was', async ({ page }) => {
    await page.goto(`${STATS_SITE}/en/first-steps`);
    await waitForHydration(page);
    // From the site's name in the header, back into the banner: its last button.
    await page.locator('.site-header__name').focus();
    await page.keyboard.press('Shift+Tab');
    await expect(banner(page).getByRole('button', { name: 'Allow all cookies' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toHaveCount(0);
    await expect(page.locator('.site-header__name')).toBeFocused();
    expect(await storedConsent(page)).toMatchObject({ analytics: true });
  });

  test('"Allow selected cookies" stores what is ticked; "Cookie settings" brings the banner back', async ({
    page,
  }) => {
    await page.goto(`${STATS_SITE}/fr/premiers-pas`);
    const french = banner(page, LANGUAGES.fr.title);
    await french.getByLabel('Statistiques').check();
    await french.getByRole('button', { name: 'Autoriser les cookies sélectionnés' }).click();
    expect(await storedConsent(page)).toMatchObject({ analytics: true });
    const settings = page.getByRole('button', { name: LANGUAGES.fr.settings });
    await settings.click();
    await expect(french).toBeVisible();
    await expect(french.getByRole('heading', { name: LANGUAGES.fr.title })).toBeFocused();
    await expect(french.getByLabel('Statistiques')).toBeChecked();
    await french.getByLabel('Statistiques').uncheck();
    await french.getByRole('button', { name: 'Autoriser les cookies sélectionnés' }).click();
    await expect(settings).toBeFocused();
    await expect.poll(async () => (await storedConsent(page))?.analytics).toBe(false);
  });

  test('a choice of an older policy, or older than six months, asks again', async ({
    page,
    context,
  }) => {
    for (const record of [
      { version: '2020-01-01', date: new Date().toISOString() },
      {
        version: CONSENT_POLICY_VERSION,
        date: new Date(Date.now() - 190 * 86_400_000).toISOString(),
      },
    ]) {
      await context.clearCookies();
      await context.addCookies([
        {
          name: CONSENT_COOKIE,
          value: encodeURIComponent(JSON.stringify({ ...record, analytics: true })),
          url: STATS_SITE,
        },
      ]);
      await page.goto(`${STATS_SITE}/en`);
      await expect(banner(page)).toBeVisible();
      await expect(banner(page).getByLabel('Statistics (analytics)')).not.toBeChecked();
    }
  });

  test('on the splash it speaks the browser’s language', async ({ browser }) => {
    for (const [locale, language] of [
      ['fr-BE', 'fr'],
      ['de-DE', 'de'],
      ['es-ES', 'en'],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto(`${STATS_SITE}/`);
      const asked = banner(page, LANGUAGES[language].title);
      await expect(asked).toHaveAttribute('lang', language);
      await expect(asked.getByRole('button')).toHaveText([...LANGUAGES[language].buttons]);
      await context.close();
    }
  });

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 800 } });
    for (const language of ['fr', 'de'] as const) {
      test(`its buttons in ${language} are on the first screen`, async ({ page }) => {
        await page.goto(`${STATS_SITE}${LANGUAGES[language].home}`);
        const buttons = banner(page, LANGUAGES[language].title).getByRole('button');
        await expect(buttons).toHaveCount(3);
        for (const button of await buttons.all()) await expect(button).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
      });
    }
  });

  test('the open banner has no axe violations, and links to the policy in its language', async ({
    page,
  }) => {
    await page.goto(`${STATS_SITE}/nl/eerste-stappen`);
    await expect(banner(page, LANGUAGES.nl.title)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await banner(page, LANGUAGES.nl.title)
      .getByRole('link', { name: 'Lees ons cookiebeleid' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookiebeleid');
  });

  test('the banner is there from the first paint: nothing moves on a first visit', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/fr/premiers-pas', '/en/contacts']) {
      await page.goto(`${STATS_SITE}${path}`);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.consent-banner')).toBeVisible();
      const shift = await page.evaluate(
        () => (window as unknown as { __shifts: { total: number } }).__shifts.total,
      );
      expect(shift, path).toBeLessThanOrEqual(0.01);
    }
  });

  test('without JavaScript nothing optional runs, and nothing is asked', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${STATS_SITE}/nl/eerste-stappen`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.consent-banner')).toBeHidden();
    await context.close();
  });

  test('a later visit never shows the banner, not even for a moment', async ({ page }) => {
    await page.goto(`${STATS_SITE}/en`);
    await banner(page).getByRole('button', { name: 'Refuse all optional cookies' }).click();
    await expect(banner(page)).toHaveCount(0);
    // Before any script of the page runs, the banner is in the document, hidden.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${STATS_SITE}/en/first-steps`);
    await expect(page.locator('.consent-banner')).toHaveCount(1);
    await expect(page.locator('.consent-banner')).toBeHidden();
  });

  test('a printed page leaves the banner out', async ({ page }) => {
    await page.goto(`${STATS_SITE}/de/erste-schritte`);
    await expect(banner(page, LANGUAGES.de.title)).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(banner(page, LANGUAGES.de.title)).toBeHidden();
  });
});
