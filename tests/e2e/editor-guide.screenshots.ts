// The screenshots of docs/editor-guide.md: the editor at /admin in local mode, driven through the
// guide's tasks, each step written to docs/editor-guide/NAME.png. Not a test of the editor (that
// is admin-editing.spec.ts): run by `npm run docs:screenshots` with its own Playwright config, so
// `npm test` never runs it or writes into docs/.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  editorPane,
  newEntry,
  openLocalRepository,
  repositoryFiles,
  save,
  serveFontsFromPackages,
  switchTo,
  writeNews,
} from './cms-local.ts';
import { shot, type Clip } from './editor-guide/shot.ts';

/**
 * The region of the window that shows an element from its top, cut at the window's bottom (and
 * at `maxHeight`): an element screenshot would draw the part outside the scrolled pane as blank.
 */
async function regionOf(page: Page, element: Locator, maxHeight = 800): Promise<Clip> {
  await element.evaluate((node) => {
    node.scrollIntoView({ block: 'start' });
  });
  await page.waitForTimeout(300);
  const box = await element.boundingBox();
  if (!box) throw new Error('the element is not on screen');
  const y = Math.max(0, box.y - 8);
  return {
    x: Math.max(0, box.x - 8),
    y,
    width: Math.min(box.width + 16, 1280 - box.x),
    height: Math.min(box.height + 16, maxHeight, 800 - y),
  };
}

/** Scrolls the editing pane back to its first field. */
async function toTop(pane: Locator): Promise<void> {
  await pane.getByRole('textbox', { name: 'Title', exact: true }).evaluate((node) => {
    node.scrollIntoView({ block: 'center' });
  });
}

/** A field of the editing pane by its label, as Sveltia names its group. */
const field = (scope: Locator, label: string): Locator =>
  scope.getByRole('group', { name: `\u201c\u2068${label}\u2069\u201d Field` });

test('the editor guide’s screenshots', async ({ page }) => {
  test.setTimeout(180_000);
  await serveFontsFromPackages(page);

  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Work with Local Repository' })).toBeVisible();
  await shot(page, 'sign-in', { x: 340, y: 160, width: 600, height: 480 });

  await openLocalRepository(page);
  await page.getByRole('treeitem', { name: 'News' }).click();
  await expect(page.getByRole('main')).toContainText('News');
  await shot(page, 'collections', { x: 0, y: 0, width: 1280, height: 400 });

  // A news item: English first, then saving with the other languages empty is refused.
  await newEntry(page, 'News');
  await writeNews(page, 'en');
  await toTop(editorPane(page, 'en'));
  await shot(page, 'news-english');
  await page.getByRole('button', { name: 'Save' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'fields have errors' });
  await expect(alert).toBeVisible();
  await shot(page, 'news-alert', alert);
  await page.getByRole('button', { name: 'Show Errors' }).click();
  await expect(page.getByRole('group', { name: 'Validation' })).toBeVisible();
  await shot(page, 'news-refused');
  for (const lang of ['nl', 'fr', 'de'] as const) await writeNews(page, lang);
  await toTop(await switchTo(page, 'nl'));
  await shot(page, 'news-dutch', { x: 0, y: 0, width: 1280, height: 420 });
  // Saved, the editor goes back to the list.
  await save(page);

  // The contact strip's phones, in the site settings.
  await page.getByRole('treeitem', { name: 'Site settings' }).click();
  await page.getByRole('row', { name: 'Site' }).click();
  const contact = field(page.getByRole('group', { name: 'Content Editor' }), 'Contact');
  await contact.scrollIntoViewIfNeeded();
  const phones = field(contact, 'Phones');
  await phones.scrollIntoViewIfNeeded();
  await phones.getByRole('textbox', { name: 'Number' }).first().fill('02 542 72 99');
  await phones.getByRole('textbox', { name: 'International' }).first().fill('+3225427299');
  await shot(page, 'contact-phones', await regionOf(page, phones, 420));
  await page.getByRole('button', { name: 'Cancel Editing' }).click();
  // Leaving without saving asks first.
  const discard = page.getByRole('button', { name: 'Discard' });
  if (await discard.isVisible()) await discard.click();

  // The same phone number in "What applies to me?".
  await page.getByRole('treeitem', { name: 'What applies to me?' }).click();
  await page.getByRole('row', { name: 'Steps and whom they are for' }).click();
  const commission = field(page.getByRole('group', { name: 'Content Editor' }), 'commission');
  await commission.scrollIntoViewIfNeeded();
  await commission.getByRole('textbox').first().waitFor();
  await shot(page, 'steps-phones', await regionOf(page, commission, 500));
  await page.getByRole('button', { name: 'Cancel Editing' }).click();

  // An event: the start in the wrong format is refused with the rule.
  await newEntry(page, 'Events');
  const event = editorPane(page, 'en');
  await event
    .getByRole('textbox', { name: 'Title', exact: true })
    .fill('Remembrance 22 March 2027');
  await event.getByRole('textbox', { name: 'Start' }).fill('22/03/2027 10:00');
  await event.getByRole('textbox', { name: 'End' }).fill('2027-03-22T12:00');
  await event.getByRole('textbox', { name: 'Place' }).fill('Maalbeek metro station, Brussels');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(field(event, 'Start').getByRole('alert')).toBeVisible();
  const start = await regionOf(page, field(event, 'Start'));
  const paneBox = await event.boundingBox();
  if (!paneBox) throw new Error('the editing pane is not on screen');
  // Start, End and Place, across the editing pane.
  await shot(page, 'event-start', { ...start, x: paneBox.x, width: paneBox.width, height: 330 });
  await page.getByRole('button', { name: 'Cancel Editing' }).click();
  if (await discard.isVisible()) await discard.click();

  // A page kept in fewer languages on purpose: the missing ones are switched off. It has no
  // English (the default language), and Sveltia 0.221.1 cannot enable a language then.
  await page.getByRole('treeitem', { name: 'Pages' }).click();
  await page.getByRole('row', { name: 'Hulp na de aanslagen van 22 maart 2016' }).click();
  const german = await switchTo(page, 'de');
  await expect(page.getByRole('button', { name: /^Enable .German.$/ })).toBeVisible();
  const box = await german.boundingBox();
  if (!box) throw new Error('the editing pane is not on screen');
  // Wide enough for the page's title (the validation panel, still open, narrows the pane).
  await shot(page, 'translate-archive', {
    x: 0,
    y: 0,
    width: Math.max(box.x + box.width, 520),
    height: 520,
  });
});

test('the editor guide’s screenshots of translating a page', async ({ page }) => {
  await serveFontsFromPackages(page);
  // A page with English but without German, as after a new page was written in three languages:
  // the practice copy leaves out the German file of "Cookie policy".
  const files = repositoryFiles();
  delete files['content/pages/cookies.de.md'];
  await openLocalRepository(page, files);
  await page.getByRole('treeitem', { name: 'Pages' }).click();
  await page.getByRole('row', { name: /^Cookie policy/ }).click();
  const german = await switchTo(page, 'de');
  const enable = page.getByRole('button', { name: /^Enable .German.$/ });
  await expect(enable).toBeVisible();
  const box = await german.boundingBox();
  if (!box) throw new Error('the editing pane is not on screen');
  await shot(page, 'translate-disabled', { x: 0, y: 0, width: box.x + box.width, height: 520 });
  await enable.click();
  await expect(german.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
  await german.getByRole('button', { name: /^Show .German. Content Options$/ }).click();
  await page.getByRole('menuitem', { name: /^Copy from/ }).hover();
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeVisible();
  await shot(page, 'translate-copy', { x: 0, y: 0, width: box.x + box.width + 200, height: 420 });
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(german.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
    'Cookie policy',
  );
  await shot(page, 'translate-copied');
});

test('the editor guide’s screenshots of an online event and of a refusal on saving', async ({
  page,
}) => {
  await serveFontsFromPackages(page);
  // A page whose text links to a page that does not exist, as after a typing mistake.
  const files = repositoryFiles();
  const disclaimer = 'content/pages/disclaimer.en.md';
  files[disclaimer] =
    `${files[disclaimer] ?? ''}\nWrite to [the central desk](/en/central-desks).\n`;
  await openLocalRepository(page, files);

  // An online event: the Online switch and its link, under Place.
  await newEntry(page, 'Events');
  const event = editorPane(page, 'en');
  await event.getByRole('switch', { name: 'Online' }).click();
  await event.getByRole('textbox', { name: 'Online link' }).fill('https://example.org/join');
  const place = await regionOf(page, field(event, 'Place'));
  const paneBox = await event.boundingBox();
  if (!paneBox) throw new Error('the editing pane is not on screen');
  await shot(page, 'event-online', { ...place, x: paneBox.x, width: paneBox.width, height: 345 });
  await page.getByRole('button', { name: 'Cancel Editing' }).click();
  const discard = page.getByRole('button', { name: 'Discard' });
  if (await discard.isVisible()) await discard.click();

  // Saving the page is refused, one line a problem, and nothing is written.
  await page.getByRole('treeitem', { name: 'Pages' }).click();
  await page.getByRole('row', { name: /Disclaimer/ }).click();
  await editorPane(page, 'en').getByRole('textbox', { name: 'Updated' }).fill('2026-11-26');
  await page.getByRole('button', { name: 'Save' }).click();
  const refusal = page.getByRole('alertdialog').filter({ hasText: 'Error' });
  await expect(refusal.locator('.error')).toContainText('/en/central-desks');
  await shot(page, 'save-refused', refusal);
});
