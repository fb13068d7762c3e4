// The home pages: news and the agenda in the main menu of every language, and the latest news and
// the next events on each home page (fixture site: known items).
import { expect, test } from '@playwright/test';
import { EVENTS, FIXTURE_ORIGIN, NEWS } from './fixtures/listing-content.ts';
import { mainMenuLink, waitForHydration } from './helpers.ts';

const MENU = [
  {
    home: '/nl',
    menu: 'Hoofdmenu',
    news: ['Nieuws', '/nl/nieuws'],
    agenda: ['Agenda', '/nl/agenda'],
  },
  {
    home: '/fr',
    menu: 'Menu principal',
    news: ['Actualités', '/fr/actualites'],
    agenda: ['Agenda', '/fr/agenda'],
  },
  {
    home: '/de',
    menu: 'Hauptmenü',
    news: ['Aktuelles', '/de/aktuelles'],
    agenda: ['Veranstaltungen', '/de/veranstaltungen'],
  },
  { home: '/en', menu: 'Main menu', news: ['News', '/en/news'], agenda: ['Agenda', '/en/agenda'] },
] as const;

test('the main menu of every language links its news list and its agenda', async ({ page }) => {
  for (const { home, menu, news, agenda } of MENU) {
    await page.goto(home);
    for (const [name, path] of [news, agenda])
      await expect(
        await mainMenuLink(page, name, { button: home === '/de' ? 'Menü' : 'Menu', menu }),
        home,
      ).toHaveAttribute('href', path);
  }
});

test.describe('on the fixture site', () => {
  test.use({ baseURL: FIXTURE_ORIGIN });

  test('the English home page shows the three latest news items and the next events, and links both lists', async ({
    page,
    request,
  }) => {
    // What counts as upcoming is the Brussels day of the build (the page data says which).
    const pageData = (await (await request.get('/page-data/en/page-data.json')).json()) as {
      result: { data: { home: { builtOn: string } } };
    };
    const { builtOn } = pageData.result.data.home;
    const upcoming = EVENTS.filter(
      (event) => event.lang === 'en' && (event.end ?? event.start).slice(0, 10) >= builtOn,
    )
      .sort((a, b) => a.start.localeCompare(b.start))
      .slice(0, 3)
      .map((event) => event.title);

    await page.goto('/en');
    await waitForHydration(page);
    const news = page.getByRole('region', { name: 'Latest news' });
    await expect(news.locator('.item-list__title')).toHaveText(
      NEWS.slice(0, 3).map((item) => item.title),
    );
    await expect(news.getByRole('link', { name: 'All news', exact: true })).toHaveAttribute(
      'href',
      '/en/news',
    );
    const events = page.getByRole('region', { name: 'Upcoming events' });
    if (upcoming.length > 0) await expect(events.locator('.item-list__title')).toHaveText(upcoming);
    else await expect(events).toContainText('No upcoming events');
    await expect(
      events.getByRole('link', { name: 'The whole agenda', exact: true }),
    ).toHaveAttribute('href', '/en/agenda');
  });

  test('the Dutch home page shows its own news, in Dutch', async ({ page }) => {
    await page.goto('/nl');
    const news = page.getByRole('region', { name: 'Laatste nieuws' });
    await expect(news.locator('.item-list__title')).toHaveText([
      'Voorschotten sneller betaald',
      'Herdenkingen gepland',
    ]);
    await expect(news.getByRole('link', { name: 'Al het nieuws', exact: true })).toHaveAttribute(
      'href',
      '/nl/nieuws',
    );
  });
});
