// A checklist of papers in a guide (:::checklist, issue #21): the reader ticks what they have;
// the ticks stay on this device for this page, 24 hours after the last change, until "Delete my
// ticks"; nothing is sent; keyboard and screen reader work; the texts are in the page's language.
import { expect, test, type Page } from '@playwright/test';
import { siteAxe, waitForHydration } from './helpers.ts';

const KEY = 'guichet.checklist./en/financial-aid#checklist-1';

async function open(page: Page, path = '/en/financial-aid') {
  await page.goto(path);
  await waitForHydration(page);
}

const kept = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);

test('ticks stay after a reload, on this device only, and nothing is sent', async ({ page }) => {
  await open(page);
  // A group named by its legend, whose title is a heading of the section "How do I apply?" (h2).
  const list = page.getByRole('group', { name: 'Which papers should I add?' });
  await expect(list.getByRole('heading', { level: 3 })).toHaveText('Which papers should I add?');
  const boxes = list.getByRole('checkbox');
  await expect(boxes).toHaveCount(10);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') posts.push(request.url());
  });
  await list.getByRole('checkbox', { name: 'your identity card or passport;' }).check();
  await list.getByText('a certificate of household composition;').click();
  expect(JSON.parse((await kept(page)) ?? '{}')).toMatchObject({ ticked: [0, 5] });

  await page.reload();
  await waitForHydration(page);
  const checked = await boxes.evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).checked),
  );
  expect(checked).toEqual([true, false, false, false, false, true, false, false, false, false]);
  expect(posts).toEqual([]);
  const axe = await siteAxe(page).include('.checklist').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
});

test('24 hours after the last change the ticks are gone', async ({ page }) => {
  await open(page);
  const day = 24 * 3_600_000;
  await page.evaluate(
    ([key, savedAt]) => {
      localStorage.setItem(key, JSON.stringify({ savedAt, ticked: [1, 2] }));
    },
    [KEY, Date.now() - day - 60_000] as const,
  );
  await page.reload();
  await waitForHydration(page);
  const list = page.getByRole('group', { name: 'Which papers should I add?' });
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(0);
  expect(await kept(page)).toBeNull();
});

test('"Delete my ticks", with the keyboard, in French', async ({ page }) => {
  await open(page, '/fr/aide-financiere');
  const list = page.getByRole('group', { name: 'Quels documents joindre ?' });
  const first = list.getByRole('checkbox').first();
  await first.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(2);
  const key = 'guichet.checklist./fr/aide-financiere#checklist-1';
  expect(await page.evaluate((name) => localStorage.getItem(name), key)).not.toBeNull();

  await list.getByRole('button', { name: 'Effacer mes coches' }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await expect(list.getByRole('status')).toHaveText('Vos coches sont effacées de cet appareil.');
  expect(await page.evaluate((name) => localStorage.getItem(name), key)).toBeNull();
});

test('without JavaScript the boxes are there and tick, in every language', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [path, title] of [
    ['/nl/financiele-hulp', 'Welke documenten voegt u toe?'],
    ['/de/finanzielle-hilfe', 'Welche Unterlagen fügen Sie bei?'],
  ] as const) {
    await page.goto(path);
    const list = page.getByRole('group', { name: title });
    await expect(list.getByRole('checkbox')).toHaveCount(10);
    await list.getByRole('checkbox').first().check();
    await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(1);
  }
  await context.close();
});
