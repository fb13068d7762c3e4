// Accessibility by a second opinion (issue 49) beside axe: axe-core (WCAG 2.2 AA rules) and the
// IBM Equal Access checker on the splash, a content page, a root page and a 404 per language
// (content.spec.ts runs both on every other page); the Nu Html Checker on the live DOM of each
// template in each language, after hydration; and what the second opinion found, held.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { equalAccessViolations } from './equal-access.ts';
import { axeViolations, exposedNode, waitForHydration } from './helpers.ts';
import { nuMessages } from './nu-checker.ts';
import { builtRoutes, LANGUAGES } from './routes.ts';

const CONTENT_PAGE = {
  nl: '/nl/eerste-stappen',
  fr: '/fr/premiers-pas',
  de: '/de/erste-schritte',
  en: '/en/first-steps',
} as const;

const pages = [
  '/',
  ...LANGUAGES.flatMap((language) => [
    `/${language}`,
    CONTENT_PAGE[language],
    `/${language}/no-such-page`,
  ]),
];

for (const path of pages) {
  test(`${path} has no axe or Equal Access violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    expect(await equalAccessViolations(page)).toEqual([]);
  });
}

test('the Equal Access engine’s one false positive: a search field Chromium names', async ({
  page,
}) => {
  await page.goto('/en/first-steps');
  await waitForHydration(page);
  // Unfiltered, the engine reports the header's search field as unlabelled, and nothing else:
  // when a new version stops, KNOWN_FALSE_POSITIVES (equal-access.ts) can go.
  expect((await equalAccessViolations(page, [])).map((line) => line.replace(/ — .*/, ''))).toEqual([
    'input_label_exists: /html[1]/body[1]/div[1]/header[1]/div[1]/form[1]/input[1]',
  ]);
  const field = '.site-header__search input[type="search"]';
  expect((await exposedNode(page, field)).name).toBe('Search this site');
  await expect(page.locator('.site-header__search label')).toHaveCSS('clip-path', 'inset(50%)');
});

/** One page of each template and kind in English; the others are their translations. */
const firstItem = (prefix: string) =>
  builtRoutes.find((route) => route.template === 'news' && route.path.startsWith(prefix))?.path;
const ENGLISH = [
  '/en',
  '/en/financial-aid', // callout, accordion, checklist, sources
  '/en/contacts', // the contact form, its file field
  '/en/what-applies-to-me', // the questionnaire; its plan below
  '/en/news',
  '/en/agenda',
  firstItem('/en/news/'),
  firstItem('/en/agenda/'),
].flatMap((path) => (path ? [path] : []));
const translationsOf = (path: string): { language: string; path: string }[] =>
  (
    JSON.parse(
      readFileSync(
        join(import.meta.dirname, '../../dist/page-data', path, 'page-data.json'),
        'utf8',
      ),
    ) as { result: { pageContext: { langSlugs: { language: string; path: string }[] } } }
  ).result.pageContext.langSlugs;
/** A shared link to a plan of "What applies to me?", which opens it at once. */
const PLAN = '#screen=plan&where=belgium&attack=brussels-2016&role=injured&need=money';
const ANALYTICS_ORIGIN = `http://localhost:${process.env.ANALYTICS_PORT ?? '4176'}`;
const planPages = new Set(translationsOf('/en/what-applies-to-me').map(({ path }) => path));
const livePages = [
  '/',
  ...ENGLISH.flatMap(translationsOf).map(({ path }) => (planPages.has(path) ? path + PLAN : path)),
  ...LANGUAGES.flatMap((language) => [`/${language}/search?q=112`, `/${language}/no-such-page`]),
  // The cookie banner, on the site with statistics.
  `${ANALYTICS_ORIGIN}/en/first-steps`,
];

/** The document as the browser holds it now, scripts' changes included. */
const liveHtml = (page: Page) =>
  page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`);

test('the live DOM of every template, after hydration, is valid HTML (Nu Html Checker)', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const dir = testInfo.outputPath('live-dom');
  mkdirSync(dir, { recursive: true });
  const files = new Map<string, string>();
  for (const path of livePages) {
    await page.goto(path);
    await waitForHydration(page);
    if (path.includes('/search?')) await page.locator('.search-results li').first().waitFor();
    if (path.endsWith(PLAN)) await page.locator('.step-by-step__result').waitFor();
    if (path.startsWith(ANALYTICS_ORIGIN)) await page.locator('.consent-banner').waitFor();
    const file = join(dir, `${String(files.size).padStart(2, '0')}.html`);
    writeFileSync(file, await liveHtml(page));
    files.set(file, path);
  }
  const messages = await nuMessages([...files.keys()]);
  expect(
    messages.map(
      (message) =>
        `${files.get(new URL(message.url).pathname) ?? message.url}: ${message.type}${message.subType ? `/${message.subType}` : ''}: ${message.message}`,
    ),
  ).toEqual([]);
  expect(files.size).toBeGreaterThanOrEqual(40);
});

test('at 200% text size the file field and its button grow with the text', async ({ page }) => {
  // The reader's default font size, twice the usual 16 px, as in the browser's settings.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } });
  await page.goto('/en/contacts');
  await waitForHydration(page);
  const sizes = await page
    .locator('.form-field input[type="file"]')
    .evaluate((input) => [
      getComputedStyle(input.parentElement ?? input).fontSize,
      getComputedStyle(input).fontSize,
      getComputedStyle(input, '::file-selector-button').fontSize,
    ]);
  // The page's text (1.125 rem) is 36 px; the browser's own font for the field stays at 13.33 px.
  expect(sizes).toEqual(['36px', '36px', '36px']);
});
