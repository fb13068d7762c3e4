// Editing with the CMS at /admin in local mode (docs/editing.md): axe on the editor's screens
// (only Sveltia's known violations), and the preview of a page with the site's own components
// and stylesheet, following the title being edited.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  ROOT,
  editorPane,
  newEntry,
  openLocalRepository,
  previewOf,
  switchTo,
} from './cms-local.ts';
import { WCAG_22_AA } from './helpers.ts';

/** The rule ids of the WCAG 2.2 AA violations on the page, each once, sorted. */
async function axeRules(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return results.violations.map((violation) => violation.id).sort();
}

// Sveltia's own markup: these are its violations today (docs/editing.md, "Accessibility of the
// editor"); a new one, or one of ours, fails the test. meta-viewport: Sveltia replaces the page's
// viewport with one that has maximum-scale=1, which stops zooming on phones.
test("axe finds on the editor's sign-in, collection list and entry editor only Sveltia's known violations", async ({
  page,
}) => {
  // axe takes its time over the editor's thousands of elements on two shared cores.
  test.setTimeout(150_000);
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Work with Local Repository' })).toBeVisible();
  const signIn = await axeRules(page);
  await openLocalRepository(page);
  await page.getByRole('treeitem', { name: 'News' }).click();
  await expect(page.getByRole('main')).toContainText('News');
  const list = await axeRules(page);
  await newEntry(page, 'News');
  const editor = await axeRules(page);
  expect({ signIn, list, editor }).toEqual({
    signIn: ['meta-viewport'],
    list: ['meta-viewport'],
    editor: ['meta-viewport'],
  });
});

test("the preview shows a page with the site's components and stylesheet, in English and French, and follows the title being edited", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  await openLocalRepository(page);
  await page.getByRole('treeitem', { name: 'Pages' }).click();
  await page.getByRole('row', { name: /First steps after a terrorist attack/ }).click();
  const preview = previewOf(page);
  const article = preview.getByRole('main').locator('article.page');

  await test.step('in English: the heading, the callout, the contents and an accordion', async () => {
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(
      'First steps after a terrorist attack',
    );
    await expect(article.locator('.page__summary')).toHaveText(
      'What you can do in the first days and weeks after a terrorist attack, and who can help you.',
    );
    await expect(article.locator('.page__updated')).toHaveText('Last updated: 26 November 2026');
    await expect(
      article.getByRole('navigation', { name: 'On this page' }).getByRole('link').first(),
    ).toHaveText('What should I do in the first hours?');
    const callout = article.getByRole('region', { name: 'What to do now' });
    await expect(callout).toHaveClass('callout');
    await expect(callout.getByRole('listitem').first()).toHaveText(
      'Are you or someone else in danger or hurt? Call 112. To reach the police, call 101.',
    );
    await expect(article.locator('details.accordion > summary').first()).toHaveText(
      'What rights do victims of terrorism have in Belgium? view more',
    );
  });

  await test.step("the frame uses the public pages' stylesheet", async () => {
    const published = readFileSync(join(ROOT, 'dist/en/first-steps/index.html'), 'utf8');
    const [pageStyle] = [...published.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    // Sveltia writes them as absolute addresses of this origin.
    const styles = await preview
      .locator('link[rel="stylesheet"]')
      .evaluateAll((links) =>
        links.map((link) => new URL(link.getAttribute('href') ?? '').pathname),
      );
    expect(styles[0]).toBe(pageStyle);
    expect(styles).toHaveLength(2);
    await expect(article.getByRole('region', { name: 'What to do now' })).toHaveCSS(
      'border-left',
      '6px solid rgb(138, 97, 0)',
    );
  });

  await test.step('editing the title changes the heading of the preview', async () => {
    await editorPane(page, 'en')
      .getByRole('textbox', { name: 'Title', exact: true })
      .fill('First steps after an attack');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(
      'First steps after an attack',
    );
  });

  await test.step('in French: the French fields, and the texts of the French site', async () => {
    // The preview shows the language of the editing pane (the preview pane's own language radios
    // replace it with a second editing pane).
    await switchTo(page, 'fr');
    await expect(
      page.getByRole('group', { name: 'Preview \u2068French\u2069 Content' }),
    ).toBeVisible();
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(
      'Premiers pas après un attentat terroriste',
    );
    await expect(article.locator('.page__updated')).toHaveText(
      'Dernière mise à jour : 26 novembre 2026',
    );
    await expect(article.getByRole('navigation', { name: 'Sur cette page' })).toBeVisible();
    await expect(article.getByRole('region', { name: 'Que faire maintenant ?' })).toHaveClass(
      'callout',
    );
    await expect(article.locator('details.accordion > summary').first()).toHaveText(
      'Quels droits ont les victimes du terrorisme en Belgique ? voir plus',
    );
  });
  expect(cspErrors).toEqual([]);
});
