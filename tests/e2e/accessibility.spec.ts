// axe-core (WCAG 2.2 AA rules) on the splash, a content page, a root page and a 404 per language.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { WCAG_22_AA } from './helpers.ts';
import { LANGUAGES } from './routes.ts';

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
  test(`${path} has no axe violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    const summary = results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
    expect(summary).toEqual([]);
  });
}
