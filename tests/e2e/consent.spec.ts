// The cookie-consent dialog: first visit, the three choices, the stored record, the footer's
// "Cookie settings", keyboard use and axe, in the page's language.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  CONSENT_COOKIE,
  CONSENT_POLICY_VERSION,
  type Consent,
} from '../../src/components/consent/consent-store.ts';
import { FIRST_VISIT } from './consent-state.ts';
import { waitForHydration, WCAG_22_AA } from './helpers.ts';

test.use({ storageState: FIRST_VISIT });

const BUTTONS = {
  en: ['Refuse all optional cookies', 'Allow selected cookies', 'Allow all cookies'],
  nl: [
    'Alle optionele cookies weigeren',
    'Geselecteerde cookies toestaan',
    'Alle cookies toestaan',
  ],
  fr: [
    'Refuser tous les cookies optionnels',
    'Autoriser les cookies sélectionnés',
    'Autoriser tous les cookies',
  ],
  de: ['Alle optionalen Cookies ablehnen', 'Ausgewählte Cookies erlauben', 'Alle Cookies erlauben'],
} as const;

function dialog(page: Page) {
  return page.getByRole('dialog');
}

async function storedConsent(page: Page) {
  // document.cookie reaches the browser's cookie store a moment after the click: wait for it (a
  // read right after "Refuse all optional cookies" once came back empty in CI under load).
  await expect.poll(async () => (await page.context().cookies()).length).toBeGreaterThan(0);
  const cookies = await page.context().cookies();
  return cookies.map((cookie) => ({
    name: cookie.name,
    value:
      cookie.name === CONSENT_COOKIE
        ? (JSON.parse(decodeURIComponent(cookie.value)) as Consent)
        : null,
    expires: cookie.expires,
  }));
}

for (const [language, buttons] of Object.entries(BUTTONS)) {
  test(`the first visit in ${language} asks in that language, as a modal`, async ({ page }) => {
    await page.goto(`/${language}`);
    await waitForHydration(page);
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('button')).toHaveText([...buttons]);
    expect(
      await page.evaluate(() => document.querySelector('dialog.consent')?.matches(':modal')),
    ).toBe(true);
    expect(await page.context().cookies()).toEqual([]);
  });
}

test('"Refuse all optional cookies" stores one cookie with the choice, date and version', async ({
  page,
}) => {
  await page.goto('/en/first-steps');
  await dialog(page).getByRole('button', { name: 'Refuse all optional cookies' }).click();
  await expect(dialog(page)).toBeHidden();
  const [record, ...others] = await storedConsent(page);
  expect(others).toEqual([]);
  expect(record?.name).toBe(CONSENT_COOKIE);
  expect(record?.value).toMatchObject({
    version: CONSENT_POLICY_VERSION,
    analytics: false,
    media: false,
  });
  const age = Date.now() - new Date(record?.value?.date ?? 0).getTime();
  expect(age).toBeGreaterThanOrEqual(0);
  expect(age).toBeLessThan(60_000);
  // The cookie lasts six months (181 to 184 days).
  const days = ((record?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(180);
  expect(days).toBeLessThan(185);
  // Asked once: the next page does not ask again.
  await page.reload();
  await waitForHydration(page);
  await expect(dialog(page)).toBeHidden();
});

test('"Allow selected cookies" stores the ticked categories only', async ({ page }) => {
  await page.goto('/en');
  await dialog(page).getByLabel('External media and social networks').check();
  await expect(dialog(page).getByLabel('Necessary (always on)')).toBeDisabled();
  await expect(dialog(page).getByLabel('Necessary (always on)')).toBeChecked();
  await dialog(page).getByRole('button', { name: 'Allow selected cookies' }).click();
  const [record] = await storedConsent(page);
  expect(record?.value).toMatchObject({ analytics: false, media: true });
});

test('"Allow all cookies" allows every category', async ({ page }) => {
  await page.goto('/en');
  await dialog(page).getByRole('button', { name: 'Allow all cookies' }).click();
  const [record] = await storedConsent(page);
  expect(record?.value).toMatchObject({ analytics: true, media: true });
});

test('Escape closes the dialog without storing a choice', async ({ page }) => {
  await page.goto('/en');
  await waitForHydration(page);
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  expect(await page.context().cookies()).toEqual([]);
  await page.reload();
  await waitForHydration(page);
  await expect(dialog(page)).toBeVisible();
});

test('a choice of an older policy version or older than six months asks again', async ({
  page,
  context,
}) => {
  const stale = [
    { version: '2020-01-01', date: new Date().toISOString() },
    {
      version: CONSENT_POLICY_VERSION,
      date: new Date(Date.now() - 190 * 86_400_000).toISOString(),
    },
  ];
  for (const record of stale) {
    await context.clearCookies();
    await context.addCookies([
      {
        name: CONSENT_COOKIE,
        value: encodeURIComponent(JSON.stringify({ ...record, analytics: true, media: true })),
        url: page.url() === 'about:blank' ? 'http://localhost/' : page.url(),
      },
    ]);
    await page.goto('/en');
    await waitForHydration(page);
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByLabel('Statistics (analytics)')).not.toBeChecked();
  }
});

test('"Cookie settings" in the footer reopens the dialog with the stored choice', async ({
  page,
}) => {
  await page.goto('/fr');
  await dialog(page).getByRole('button', { name: 'Autoriser tous les cookies' }).click();
  await expect(dialog(page)).toBeHidden();
  // On another page, reached by client navigation.
  await page.getByRole('contentinfo').getByRole('link').first().click();
  await page.getByRole('button', { name: 'Paramètres des cookies' }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByLabel('Statistiques')).toBeChecked();
  await dialog(page).getByLabel('Statistiques').uncheck();
  await dialog(page).getByRole('button', { name: 'Autoriser les cookies sélectionnés' }).click();
  const [record] = await storedConsent(page);
  expect(record?.value).toMatchObject({ analytics: false, media: true });
});

test('the dialog works by keyboard alone and keeps the focus inside', async ({ page }) => {
  await page.goto('/en');
  await waitForHydration(page);
  await expect(dialog(page)).toBeVisible();
  // Where the focus is: in the dialog, on the page behind, or out of the page (the browser's own
  // controls, between the dialog's last and first stop: a native modal allows that).
  const focus = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (document.querySelector('dialog.consent')?.contains(active)) return 'dialog';
      return active === document.body || active === null ? 'outside' : 'page';
    });
  // Tab through more stops than the dialog has: the focus never reaches the page behind.
  const seen: string[] = [];
  for (let index = 0; index < 12; index += 1) {
    await page.keyboard.press('Tab');
    seen.push(await focus());
  }
  expect(seen).not.toContain('page');
  expect(seen.filter((where) => where === 'dialog').length).toBeGreaterThanOrEqual(10);
  await dialog(page).getByLabel('Statistics (analytics)').focus();
  await page.keyboard.press('Space');
  await expect(dialog(page).getByLabel('Statistics (analytics)')).toBeChecked();
  await dialog(page).getByRole('button', { name: 'Allow selected cookies' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  const [record] = await storedConsent(page);
  expect(record?.value).toMatchObject({ analytics: true, media: false });
  // Reopened by keyboard from the footer.
  await page.getByRole('button', { name: 'Cookie settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
});

test('the open dialog has no axe violations', async ({ page }) => {
  await page.goto('/nl/eerste-stappen');
  await waitForHydration(page);
  await expect(dialog(page)).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
});

test('the dialog links to the cookie policy in the page language', async ({ page }) => {
  await page.goto('/de');
  await dialog(page).getByRole('link', { name: 'Unsere Cookie-Richtlinie lesen' }).click();
  await expect(page).toHaveURL(/\/de\/cookie-richtlinie$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie-Richtlinie');
});

test('printing before choosing prints the page, not the open dialog', async ({ page }) => {
  await page.goto('/fr/premiers-pas');
  await waitForHydration(page);
  await expect(dialog(page)).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Premiers pas après un attentat terroriste',
  );
  expect(
    await page.evaluate(
      () =>
        getComputedStyle(document.querySelector('dialog.consent') as Element, '::backdrop').display,
    ),
  ).toBe('none');
});
