// Article pages on the fixture site: facts, previous and next by date, related articles with
// "read more", structured data and the printed page.
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, waitForHydration } from './helpers.ts';
import { FIXTURE_ORIGIN } from './fixtures/listing-content.ts';

test.use({ baseURL: FIXTURE_ORIGIN });

const N02 = '/en/news/n02-commemorations-planned-for-2027';

const structuredData = async (page: Page): Promise<Record<string, unknown>> =>
  JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as Record<string, unknown>;

test('an article shows its date, topics and source, and links the previous and next article by date', async ({
  page,
}) => {
  await page.goto(N02);
  await expect(page.locator('h1')).toHaveText('Commemorations planned for 2027');
  await expect(page.getByText('Published on 16 November 2026')).toBeVisible();
  await expect(page.locator('.news__facts')).toContainText('TopicsRemembrance · Associations');
  await expect(
    page.locator('.news__facts').getByRole('link', { name: 'Victims’ associations' }),
  ).toHaveAttribute('href', 'https://v-europe.org');
  const nav = page.getByRole('navigation', { name: 'Previous and next' });
  await expect(nav.getByRole('link')).toHaveText([
    'Previous articleNew solidarity status form',
    'Next articleAdvance payments paid faster',
  ]);
  await expect(nav.locator('a[rel="prev"]')).toHaveAttribute(
    'href',
    '/en/news/n03-new-solidarity-status-form',
  );
  await expect(nav.locator('a[rel="next"]')).toHaveAttribute(
    'href',
    '/en/news/n01-advance-payments-paid-faster',
  );
});

test('the newest article has only a previous link, and following it stays in the app', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/en/news/n01-advance-payments-paid-faster');
  await waitForHydration(page);
  const nav = page.getByRole('navigation', { name: 'Previous and next' });
  await expect(nav.getByRole('link')).toHaveCount(1);
  await nav.getByRole('link', { name: /Previous article/ }).click();
  await expect(page.locator('h1')).toHaveText('Commemorations planned for 2027');
  await expect(page.getByTestId('route-announcer')).toHaveText(
    'Navigated to Commemorations planned for 2027',
  );
  expect(errors).toEqual([]);
});

test('related articles show the ones sharing topics first, three at most, each with "read more" named after its title', async ({
  page,
}) => {
  await page.goto(N02);
  const related = page.getByRole('region', { name: 'Related articles' });
  const titles = [
    'Remembrance guide published',
    'Advance payments paid faster',
    'New solidarity status form',
  ];
  await expect(related.getByRole('heading', { level: 3 })).toHaveText(titles);
  const readMore = related.getByRole('link');
  // Regression: every link was named "read more" alone. The title is text, visually hidden, so
  // that search engines' link-text check reads it too (Lighthouse SEO 91 → 100).
  for (const [index, title] of titles.entries()) {
    await expect(readMore.nth(index)).toHaveAccessibleName(`read more: ${title}`);
    await expect(readMore.nth(index).locator('.visually-hidden')).toHaveText(`: ${title}`);
    expect(await readMore.nth(index).evaluate((link) => link.firstChild?.textContent)).toBe(
      'read more',
    );
  }
  await expect(readMore.first()).toHaveAttribute(
    'href',
    '/en/news/n05-remembrance-guide-published',
  );
});

test('a Dutch article says "lees meer", named after the article', async ({ page }) => {
  await page.goto('/nl/nieuws/herdenkingen-gepland');
  const link = page.getByRole('region', { name: 'Gerelateerde artikels' }).getByRole('link');
  await expect(link).toHaveAccessibleName('lees meer: Voorschotten sneller betaald');
  expect(await link.evaluate((element) => element.firstChild?.textContent)).toBe('lees meer');
  expect(await structuredData(page)).toMatchObject({ inLanguage: 'nl' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
});

test('news carries NewsArticle structured data as a data block, not a script', async ({ page }) => {
  await page.goto(N02);
  expect(await structuredData(page)).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: 'Commemorations planned for 2027',
    datePublished: '2026-11-16',
    inLanguage: 'en',
    url: `http://localhost:8080${N02}`,
    publisher: { name: 'Federal Public Service Justice' },
    author: { name: 'Victims’ associations' },
  });
});

test('events carry Event structured data with Brussels times and their offset', async ({
  page,
}) => {
  await page.goto('/en/agenda/summer-meeting-of-associations');
  expect(await structuredData(page)).toMatchObject({
    '@type': 'Event',
    name: 'Summer meeting of associations',
    startDate: '2027-06-15T18:30:00+02:00',
    endDate: '2027-06-15T20:00:00+02:00',
    eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode',
  });
  // Online without a confirmed link: no URL (it used to be the event's own page).
  expect((await structuredData(page)).location).toEqual([
    {
      '@type': 'Place',
      name: 'Antwerp',
      address: { '@type': 'PostalAddress', addressLocality: 'Antwerp' },
    },
    { '@type': 'VirtualLocation' },
  ]);
  await page.goto('/en/agenda/commemoration-22-march-2027');
  expect(await structuredData(page)).toMatchObject({
    startDate: '2027-03-22T10:00:00+01:00',
    location: {
      '@type': 'Place',
      name: 'Rue de la Loi, Brussels',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Rue de la Loi',
        addressLocality: 'Brussels',
      },
    },
  });
  await page.goto('/en/agenda/online-question-hour');
  expect(await structuredData(page)).toMatchObject({
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url: 'https://example.org/question-hour' },
  });
});

test('a recognised attack uses the article template with its date and place', async ({ page }) => {
  await page.goto('/en/attack/brussels-22-march-2016');
  await expect(page.locator('.news__facts')).toContainText('Date of the attack22 March 2016');
  const data = await structuredData(page);
  // Regression: the attack's date was given as the page's publication date.
  expect(data).not.toHaveProperty('datePublished');
  expect(data).toMatchObject({
    '@type': 'Article',
    dateModified: '2026-11-01',
    inLanguage: 'en',
    about: {
      '@type': 'Event',
      name: 'Attacks in Brussels and Zaventem, 22 March 2016',
      startDate: '2016-03-22',
      location: {
        '@type': 'Place',
        name: 'Brussels Airport and Maelbeek metro station',
        address: { '@type': 'PostalAddress', addressCountry: 'BE' },
      },
    },
  });
});

test('the printed article leaves out menus, page navigation and related articles', async ({
  page,
}) => {
  await page.goto(N02);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('.prose')).toBeVisible();
  for (const hidden of ['.site-header', '.site-footer', '.article-nav', '.related']) {
    await expect(page.locator(hidden), hidden).toBeHidden();
  }
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('.related')).toBeVisible();
});

test('breadcrumbs lead from an article, an event and a later list page to their list', async ({
  page,
}) => {
  const trail = page.getByRole('navigation', { name: 'You are here' });
  await page.goto(N02);
  await expect(trail.getByRole('listitem')).toHaveText([
    'Home',
    'News',
    'Commemorations planned for 2027',
  ]);
  await expect(trail.getByRole('link', { name: 'News' })).toHaveAttribute('href', '/en/news');
  await expect(trail.locator('[aria-current="page"]')).toHaveText(
    'Commemorations planned for 2027',
  );

  await page.goto('/en/news/page/2');
  await expect(trail.getByRole('listitem')).toHaveText(['Home', 'News', 'News – page 2']);

  await page.goto('/en/agenda/commemoration-22-march-2027');
  await expect(trail.getByRole('listitem')).toHaveText([
    'Home',
    'Agenda',
    'Commemoration of 22 March 2027',
  ]);
});
