// Every page of every language: served, one h1, a language switch to its translations, every
// <aside> named, nothing wider than a 360 px phone, no violations of axe or of the IBM Equal
// Access checker (WCAG 2.2 AA rules; equal-access.ts). Pages are checked in batches that share
// one browser page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { equalAccessViolations } from './equal-access.ts';
import { siteAxe } from './helpers.ts';
import { builtRoutes } from './routes.ts';

const NATIVE_NAMES = { nl: 'Nederlands', fr: 'Français', de: 'Deutsch', en: 'English' } as const;
const BATCH = 12;
// The narrowest phone the site is made for, and the window the rest of the checks run in.
const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 720 };

interface PageDataFile {
  result: { pageContext: { langSlugs: { language: keyof typeof NATIVE_NAMES; path: string }[] } };
}
const langSlugsOf = (path: string) =>
  (
    JSON.parse(
      readFileSync(
        join(import.meta.dirname, '../../dist/page-data', path, 'page-data.json'),
        'utf8',
      ),
    ) as PageDataFile
  ).result.pageContext.langSlugs;

const routes = builtRoutes.filter((route) => route.template !== 'splash');
// A batch runs two engines on twelve pages: give it room on a slow or busy machine.
test.describe.configure({ timeout: 120_000 });
for (let start = 0; start < routes.length; start += BATCH) {
  const batch = routes.slice(start, start + BATCH);
  test(`pages ${batch[0]?.path} … ${batch.at(-1)?.path}: one h1, language switch, fits a phone, no axe or Equal Access violations`, async ({
    page,
  }) => {
    for (const route of batch) {
      const response = await page.goto(route.path, { waitUntil: 'domcontentloaded' });
      expect(response?.status(), route.path).toBe(route.template === 'notFound' ? 404 : 200);
      await expect(page.locator('h1'), route.path).toHaveCount(1);
      await expect(page.locator('h1'), route.path).toHaveText(route.title);
      const langSlugs = langSlugsOf(route.path);
      const switcher = page.locator('.language-switch');
      for (const [language, name] of Object.entries(NATIVE_NAMES) as [
        keyof typeof NATIVE_NAMES,
        string,
      ][]) {
        const translation = langSlugs.find((slug) => slug.language === language);
        await expect(
          switcher.getByRole('link', { name, exact: true }),
          `${route.path} → ${language}`,
        ).toHaveAttribute('href', translation?.path ?? `/${language}`);
      }
      // Regression: callouts were unnamed <aside>s beside the named contact strip.
      await expect(
        page.locator('aside:not([aria-label]):not([aria-labelledby])'),
        route.path,
      ).toHaveCount(0);
      // What an editor writes (a long word or address, a table) must not push the page wider
      // than the phone: the reader would have to scroll sideways to read every line.
      await page.setViewportSize(PHONE);
      await page.evaluate(() => document.fonts.ready);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${route.path} at ${String(PHONE.width)} px`,
      ).toBe(PHONE.width);
      await page.setViewportSize(DESKTOP);
      // No frames: axe runs in the page alone (siteAxe, helpers.ts), which would miss a frame's.
      await expect(page.locator('iframe, frame, object, embed'), route.path).toHaveCount(0);
      const results = await siteAxe(page).analyze();
      const violations = results.violations.map(
        (violation) =>
          `${route.path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
      expect(violations).toEqual([]);
      // The second opinion (issue 49), in the same page.
      expect(
        (await equalAccessViolations(page)).map((violation) => `${route.path} ${violation}`),
      ).toEqual([]);
    }
  });
}

test('a guide ends with its sources, each with the day it was checked, in the page’s language', async ({
  page,
}) => {
  const cases = [
    {
      path: '/en/national-solidarity-status',
      heading: 'Sources',
      checked: 'checked on 23 November 2026',
      latest: 'checked on 26 November 2026',
    },
    {
      path: '/de/status-der-nationalen-solidaritaet',
      heading: 'Quellen',
      checked: 'geprüft am 23. November 2026',
      latest: 'geprüft am 26. November 2026',
    },
  ];
  for (const { path, heading, checked, latest } of cases) {
    await page.goto(path);
    const sources = page.getByRole('region', { name: heading });
    await expect(sources.getByRole('heading', { level: 2 })).toHaveText(heading);
    // The Medex role (issue #22, item 1) is traced to the page that states it, in Dutch.
    const link = sources.getByRole('link', { name: /Welke dienst doet wat/ });
    await expect(link).toHaveAttribute(
      'href',
      'https://www.health.belgium.be/nl/welke-dienst-doet-wat-met-betrekking-tot-uw-herstelpensioen',
    );
    await expect(link).toHaveAttribute('lang', 'nl');
    await expect(sources.getByRole('listitem')).toHaveCount(5);
    await expect(sources.getByRole('listitem').first()).toContainText(`(${checked})`);
    // Medex's three months, traced in the second fact-check (issue #45, item 7).
    await expect(sources.getByRole('listitem').last()).toContainText(`(${latest})`);
  }
});
