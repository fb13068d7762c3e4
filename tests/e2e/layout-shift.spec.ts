// Nothing moves while a page loads: the layout shift of one page of every template, in every
// language, at 360 and 412 px, with JavaScript (a first visit: this site has no statistics, so no
// cookie banner, ADR 0024) and without it. Each test loops its pages in one browser page; figures
// are printed.
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './helpers.ts';
import { builtRoutes, LANGUAGES } from './routes.ts';

/** The most a page may shift in total (CLS "good" is 0.1; we allow a tenth of that). */
const MAX_SHIFT = 0.01;
const WIDTHS = [360, 412] as const;
type Language = (typeof LANGUAGES)[number];

const SEARCH_TERMS: Record<Language, string> = { nl: 'hulp', fr: 'aide', de: 'Hilfe', en: 'aid' };
const firstRoute = (template: string, language: Language, prefix = '') => {
  const route = builtRoutes.find(
    (candidate) =>
      candidate.template === template &&
      candidate.language === language &&
      candidate.path.startsWith(prefix),
  );
  if (!route) throw new Error(`no ${template} route in ${language}`);
  return route.path;
};
const NEWS_LISTS: Record<Language, string> = {
  nl: '/nl/nieuws',
  fr: '/fr/actualites',
  de: '/de/aktuelles',
  en: '/en/news',
};

const STEP_BY_STEP: Record<Language, string> = {
  nl: '/nl/wat-geldt-voor-mij',
  fr: '/fr/ce-qui-s-applique-a-moi',
  de: '/de/was-gilt-fuer-mich',
  en: '/en/what-applies-to-me',
};

/**
 * One page of each template (the page template three times: a home page, a guide, and "What
 * applies to me?", whose questionnaire replaces the list of every step) per language.
 */
const TEMPLATES: { name: string; pathIn: (language: Language) => string }[] = [
  { name: 'splash', pathIn: () => '/' },
  { name: 'home page', pathIn: (language) => `/${language}` },
  { name: 'generic page', pathIn: (language) => firstRoute('page', language, `/${language}/`) },
  { name: 'step by step', pathIn: (language) => STEP_BY_STEP[language] },
  { name: 'newsfeed (news)', pathIn: (language) => NEWS_LISTS[language] },
  {
    name: 'newsfeed (agenda)',
    pathIn: (language) =>
      builtRoutes.find(
        (route) =>
          route.template === 'newsfeed' &&
          route.language === language &&
          route.path !== NEWS_LISTS[language] &&
          !route.path.includes('/page/'),
      )?.path ?? '',
  },
  { name: 'news article', pathIn: (language) => firstRoute('news', language) },
  {
    name: 'search',
    pathIn: (language) => `/${language}/search?q=${SEARCH_TERMS[language]}`,
  },
  { name: 'not-found', pathIn: (language) => `/${language}/no-such-page` },
];

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}
declare global {
  interface Window {
    __layoutShift?: number;
  }
}

/** Sums every layout shift of each document the page loads from now on (buffered entries too). */
async function observeLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[])
        if (!entry.hadRecentInput) window.__layoutShift = (window.__layoutShift ?? 0) + entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Loads `path` with JavaScript and returns its layout shift once it has settled. */
async function shiftOf(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await waitForHydration(page);
  if (path.includes('/search?')) {
    // The results are in: the status gives their count.
    await expect(page.getByTestId('search-status')).toHaveText(/\d/);
  }
  await page.waitForLoadState('networkidle');
  // Two frames, so that the last layout has been observed.
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve(window.__layoutShift ?? Number.NaN);
          });
        });
      }),
  );
}

const format = (rows: [string, number][]) =>
  rows.map(([where, shift]) => `${where} ${shift.toFixed(3)}`).join(', ');

test.describe.configure({ timeout: 120_000 });

for (const { name, pathIn } of TEMPLATES) {
  test(`the ${name} template does not shift in any language at 360 and 412 px`, async ({
    page,
  }) => {
    await observeLayoutShift(page);
    const languages = name === 'splash' ? (['en'] as const) : LANGUAGES;
    const rows: [string, number][] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const language of languages) {
        const path = pathIn(language);
        rows.push([`${path} @${String(width)}`, await shiftOf(page, path)]);
      }
    }
    console.log(
      `layout shift, ${name}: max ${Math.max(...rows.map(([, shift]) => shift)).toFixed(3)} over ${String(rows.length)} loads`,
    );
    expect(
      rows.filter(([, shift]) => !(shift <= MAX_SHIFT)),
      format(rows),
    ).toEqual([]);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });

  test('no template shifts', async ({ page }) => {
    // No script runs in the page: Chromium's own performance timeline reports the shifts.
    const session = await page.context().newCDPSession(page);
    let total = 0;
    session.on('PerformanceTimeline.timelineEventAdded', ({ event }) => {
      const details = event.layoutShiftDetails;
      if (details && !details.hadRecentInput) total += details.value;
    });
    await session.send('PerformanceTimeline.enable', { eventTypes: ['layout-shift'] });
    const rows: [string, number][] = [];
    for (const { pathIn } of TEMPLATES) {
      const path = pathIn('nl');
      total = 0;
      await page.goto(path, { waitUntil: 'load' });
      await expect(page.locator('h1')).toHaveCount(1);
      rows.push([path, total]);
    }
    console.log(
      `layout shift, without JavaScript: max ${Math.max(...rows.map(([, shift]) => shift)).toFixed(3)}`,
    );
    expect(
      rows.filter(([, shift]) => !(shift <= MAX_SHIFT)),
      format(rows),
    ).toEqual([]);
  });
});
