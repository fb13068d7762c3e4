// The news list on the fixture site with the clock fixed on Wednesday 18 November 2026, 10:00
// in Brussels: date options, specific dates, validation, the URL query, load more and the page
// links without JavaScript, and the RSS feed.
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, siteAxe, waitForHydration } from './helpers.ts';
import { FIXTURE_NOW, FIXTURE_ORIGIN } from './fixtures/listing-content.ts';

test.use({ baseURL: FIXTURE_ORIGIN });

const N = {
  n01: 'Advance payments paid faster',
  n02: 'Commemorations planned for 2027',
  n03: 'New solidarity status form',
  n04: 'Medical refunds simplified',
  n05: 'Remembrance guide published',
  n06: 'Trial calendar published',
  n07: 'Insurers sign a charter',
  n08: 'Help for Belgians abroad',
  n09: 'Psychological help extended',
  n10: 'Central desk phone line',
};
const archive = (...numbers: number[]) => numbers.map((n) => `Archive news ${String(n)}`);

const titles = (page: Page) => page.locator('.item-list__title');
const count = (page: Page) => page.getByTestId('listing-count');

async function openList(page: Page, path: string, now = FIXTURE_NOW) {
  await page.clock.setFixedTime(new Date(now));
  await page.goto(path);
  await waitForHydration(page);
}

test.describe('date options', () => {
  for (const [option, expected] of [
    ['today', [N.n01]],
    ['past-week', [N.n01, N.n02, N.n03]],
    ['current-week', [N.n01, N.n02]],
    ['last-3-months', [N.n01, N.n02, N.n03, N.n04, N.n05]],
    ['last-6-months', [N.n01, N.n02, N.n03, N.n04, N.n05, N.n06, N.n07]],
    ['last-year', [N.n01, N.n02, N.n03, N.n04, N.n05, N.n06, N.n07, N.n08, N.n09]],
  ] as const) {
    test(`"${option}" lists exactly the news of that period on 18 November 2026`, async ({
      page,
    }) => {
      await openList(page, `/en/news?date=${option}`);
      await expect(titles(page)).toHaveText([...expected]);
      await expect(count(page)).toHaveText(
        expected.length === 1 ? '1 news item' : `${String(expected.length)} news items`,
      );
    });
  }

  test('"all" lists every item, ten per page', async ({ page }) => {
    await openList(page, '/en/news?date=all');
    await expect(count(page)).toHaveText('23 news items');
    await expect(titles(page)).toHaveText(Object.values(N));
  });
});

test.describe('today in Brussels', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('at 00:30 in Brussels, when it is still the day before in UTC and New York, "today" is the Brussels day', async ({
    page,
  }) => {
    await openList(page, '/en/news?date=today', '2026-11-17T23:30:00Z');
    await expect(titles(page)).toHaveText([N.n01]);
  });

  test('at 23:30 in Brussels the day before, "today" lists no news yet', async ({ page }) => {
    await openList(page, '/en/news?date=today', '2026-11-17T22:30:00Z');
    await expect(count(page)).toHaveText('No news found for your query');
    await expect(titles(page)).toHaveCount(0);
  });
});

test('specific dates typed as dd/mm/yyyy include both the start and the end day', async ({
  page,
}) => {
  await openList(page, '/en/news');
  await page.getByLabel('Date', { exact: true }).selectOption('specific');
  await page.getByLabel('Start date', { exact: true }).fill('12/11/2026');
  await page.getByLabel('End date', { exact: true }).fill('16/11/2026');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(titles(page)).toHaveText([N.n02, N.n03]);
  await expect(count(page)).toHaveText('2 news items');
  expect(new URL(page.url()).search).toBe('?date=specific&start=2026-11-12&end=2026-11-16');
});

test('a date picked in the calendar fills the field as dd/mm/yyyy', async ({ page }) => {
  // The calendar positions itself with inline styles: the CSP must not refuse them.
  const errors = collectErrors(page);
  await openList(page, '/en/news?date=specific');
  await page.getByRole('button', { name: 'Start date: choose in a calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start date: choose in a calendar' });
  await expect(dialog.getByRole('heading')).toHaveText('November 2026');
  await dialog.getByRole('button', { name: /12 November 2026/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Start date', { exact: true })).toHaveValue('12/11/2026');
  await expect(
    page.getByRole('button', { name: 'Start date: choose in a calendar' }),
  ).toBeFocused();
  expect(errors).toEqual([]);
});

test.describe('validation', () => {
  test('specific dates without dates ask for a date, and focus moves to the first field', async ({
    page,
  }) => {
    await openList(page, '/en/news');
    await page.getByLabel('Date', { exact: true }).selectOption('specific');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.locator('.field-error')).toHaveText([
      'Please select a date',
      'Please select a date',
    ]);
    await expect(page.getByLabel('Start date', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Start date', { exact: true })).toHaveAccessibleDescription(
      'dd/mm/yyyy, for example 22/03/2026 Please select a date',
    );
    expect(new URL(page.url()).search).toBe('');
  });

  for (const [path, message] of [
    ['/nl/nieuws', 'Gelieve een datum te selecteren'],
    ['/de/aktuelles', 'Bitte wählen Sie ein Datum'],
    ['/fr/actualites', 'Veuillez sélectionner une date'],
  ] as const) {
    test(`${path} asks for a date in its language`, async ({ page }) => {
      await openList(page, `${path}?date=specific`);
      await page.locator('.listing-filters button[type="submit"]').click();
      await expect(page.locator('.field-error')).toHaveText([message, message]);
    });
  }

  test('a topic, source or date the list does not offer asks for an option', async ({ page }) => {
    await openList(page, '/en/news?topic=unknown&source=nobody&date=yesterday');
    await expect(page.locator('.field-error')).toHaveText([
      'Please select an option',
      'Please select an option',
      'Please select an option',
    ]);
    await expect(page.getByLabel('Topic')).toHaveValue('');
    // The valid rest of the query still applies: here nothing, so every item.
    await expect(count(page)).toHaveText('23 news items');
  });

  test('the Dutch list asks for an option in Dutch', async ({ page }) => {
    await openList(page, '/nl/nieuws?topic=onbekend');
    await expect(page.locator('.field-error')).toHaveText(['Gelieve een optie te kiezen']);
  });

  test('an end date before the start date, or a date that does not exist, is refused', async ({
    page,
  }) => {
    await openList(page, '/en/news?date=specific');
    await page.getByLabel('Start date', { exact: true }).fill('16/11/2026');
    await page.getByLabel('End date', { exact: true }).fill('12/11/2026');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.locator('.field-error')).toHaveText([
      'The end date must be the same as or after the start date',
    ]);
    await expect(page.getByLabel('End date', { exact: true })).toBeFocused();
    await page.getByLabel('Start date', { exact: true }).fill('31/02/2026');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.locator('.field-error')).toHaveText([
      'Please enter a real date as dd/mm/yyyy, for example 22/03/2026',
    ]);
    expect(new URL(page.url()).search).toBe('?date=specific');
  });
});

test('choosing a topic filters at once, keeps focus on the list of topics and announces the count', async ({
  page,
}) => {
  await openList(page, '/en/news');
  const topic = page.getByLabel('Topic');
  await topic.focus();
  await topic.selectOption('remembrance');
  await expect(titles(page)).toHaveText([N.n02, N.n05]);
  await expect(page.getByRole('status').filter({ hasText: 'news items' })).toHaveText(
    '2 news items',
  );
  await expect(topic).toBeFocused();
  expect(new URL(page.url()).search).toBe('?topic=remembrance');
});

test('the keyword applies with the button and matches words in any order, ignoring case', async ({
  page,
}) => {
  await openList(page, '/en/news');
  await page.getByLabel('Keyword').fill('PUBLISHED calendar');
  await page.getByLabel('Keyword').press('Enter');
  await expect(titles(page)).toHaveText([N.n06]);
  expect(new URL(page.url()).search).toBe('?q=PUBLISHED+calendar');
});

test('a filtered list survives a reload and comes back after opening an item', async ({ page }) => {
  await openList(page, '/en/news');
  await page.getByLabel('Source').selectOption('central-desk');
  await page.getByLabel('Date', { exact: true }).selectOption('last-year');
  await expect(titles(page)).toHaveText([N.n09]);
  const filtered = page.url();
  expect(new URL(filtered).search).toBe('?source=central-desk&date=last-year');

  await page.reload();
  await waitForHydration(page);
  await expect(titles(page)).toHaveText([N.n09]);
  await expect(page.getByLabel('Source')).toHaveValue('central-desk');
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue('last-year');

  await page.getByRole('link', { name: N.n09 }).click();
  await expect(page.locator('h1')).toHaveText(N.n09);
  await page.goBack();
  expect(page.url()).toBe(filtered);
  await expect(titles(page)).toHaveText([N.n09]);
  await expect(page.getByLabel('Source')).toHaveValue('central-desk');
});

test('"load more" appends exactly one page and moves focus to the first new item', async ({
  page,
}) => {
  await openList(page, '/en/news');
  await expect(titles(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Load more news' }).click();
  await expect(titles(page)).toHaveText([
    ...Object.values(N),
    ...archive(23, 22, 21, 20, 19, 18, 17, 16, 15, 14),
  ]);
  await expect(page.getByRole('link', { name: 'Archive news 23' })).toBeFocused();
  await page.getByRole('button', { name: 'Load more news' }).click();
  await expect(titles(page)).toHaveCount(23);
  await expect(page.getByRole('button', { name: 'Load more news' })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/en/news');
});

test('a filtered list pages through its own results with "Go to page" links', async ({ page }) => {
  await openList(page, '/en/news?source=central-desk');
  await expect(count(page)).toHaveText('15 news items');
  await expect(titles(page)).toHaveCount(10);
  const second = page.getByRole('link', { name: 'Go to page 2' });
  await expect(second).toHaveAttribute('href', '/en/news?source=central-desk&page=2');
  await second.click();
  await expect(titles(page)).toHaveText(archive(15, 14, 13, 12, 11));
  await expect(page.getByRole('link', { name: 'Go to page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list shows the newest ten, hides the filters, and "Go to page" links lead to older news', async ({
    page,
  }) => {
    await page.goto('/en/news');
    await expect(titles(page)).toHaveText(Object.values(N));
    await expect(page.locator('.listing-filters')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Load more news' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to page 2' }).click();
    await expect(page).toHaveURL(/\/en\/news\/page\/2$/);
    await expect(page.locator('h1')).toHaveText('News – page 2');
    // Dutch has two news items, so one page: its language link goes there.
    await expect(
      page.locator('.language-switch').getByRole('link', { name: 'Nederlands' }),
    ).toHaveAttribute('href', '/nl/nieuws');
    await expect(titles(page)).toHaveText(archive(23, 22, 21, 20, 19, 18, 17, 16, 15, 14));
    await page.getByRole('link', { name: 'Go to page 3' }).click();
    await expect(titles(page)).toHaveText(archive(13, 12, 11));
  });
});

test('the RSS feed is linked from the head and is well-formed XML with every news item', async ({
  page,
  request,
}) => {
  await page.goto('/en/news');
  const link = page.locator('link[rel="alternate"][type="application/rss+xml"]');
  await expect(link).toHaveAttribute('href', '/en/news/rss.xml');
  await expect(link).toHaveAttribute('title', 'News – Victims of terrorism');
  const response = await request.get('/en/news/rss.xml');
  expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const xml = await response.text();
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.nodeName,
      items: doc.querySelectorAll('channel > item').length,
      first: doc.querySelector('item > title')?.textContent,
      firstLink: doc.querySelector('item > link')?.textContent,
    };
  }, xml);
  expect(parsed).toEqual({
    error: null,
    root: 'rss',
    items: 23,
    first: N.n01,
    firstLink: 'http://localhost:8080/en/news/n01-advance-payments-paid-faster',
  });
});

test('the filters with date fields, their errors and the open calendar have no axe violations', async ({
  page,
}) => {
  const axe = async () =>
    (await siteAxe(page).analyze()).violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  await openList(page, '/en/news?date=specific&topic=unknown');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.locator('.field-error')).toHaveCount(3);
  expect(await axe()).toEqual([]);
  await page.getByRole('button', { name: 'End date: choose in a calendar' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await axe()).toEqual([]);
});
