// Editing with the CMS at /admin in local mode (docs/editing.md): what the editor refuses to
// save, each field named: a news item without its translations, an event's start in the wrong
// format or without a title, a link to no page, an image without alt text, a path already taken.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  CONTENT,
  editorPane,
  newEntry,
  openLocalRepository,
  repositoryFiles,
  previewOf,
  save,
  savedFile,
  savedFiles,
  switchTo,
  NEWS,
  writeNews,
} from './cms-local.ts';

test('a news item with its Dutch, French and German left empty is refused, each field named', async ({
  page,
}) => {
  await openLocalRepository(page);
  await newEntry(page, 'News');
  await writeNews(page, 'en');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'fields have errors' })).toHaveText(
    'error Error 12 fields have errors. Please correct them to save the entry. Show Errors',
  );
  await page.getByRole('button', { name: 'Show Errors' }).click();
  // Not Path: left empty, it is made from the title on saving (proposed-path.ts).
  const missing = ['Title', 'Summary', 'Updated', 'Body'].map(
    (field) =>
      `    - button "${field}":\n      - text: ${field}\n      - alert: This field is required.`,
  );
  await expect(page.getByRole('group', { name: 'Validation' })).toMatchAriaSnapshot(
    [
      '- group "Validation":',
      ...(['Dutch', 'French', 'German'] as const).flatMap((language) => [
        '  - group:',
        `    - heading "${language}" [level=4]`,
        ...missing,
      ]),
    ].join('\n'),
  );
  // Nothing was written.
  expect(Object.keys(await savedFiles(page, 'content/news')).length).toBe(
    readdirSync(join(CONTENT, 'news')).length,
  );
});

test("an event's start in the wrong format or a missing title is refused with a message naming the field", async ({
  page,
}) => {
  await openLocalRepository(page);
  await newEntry(page, 'Events');
  const pane = editorPane(page, 'en');
  await pane.getByRole('textbox', { name: 'Start' }).fill('22/03/2027');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Show Errors' }).click();
  const english = page
    .getByRole('group', { name: 'Validation' })
    .getByRole('group')
    .filter({ has: page.getByRole('heading', { name: 'English' }) });
  await expect(english.getByRole('button', { name: 'Start' })).toHaveText(
    'Start error Start: YYYY-MM-DD or YYYY-MM-DDTHH:MM (Brussels time)',
  );
  await expect(english.getByRole('button', { name: 'Title' })).toHaveText(
    'Title error This field is required.',
  );
  await expect(
    pane.getByRole('group', { name: '\u201c\u2068Start\u2069\u201d Field' }).getByRole('alert'),
  ).toHaveText('error Start: YYYY-MM-DD or YYYY-MM-DDTHH:MM (Brussels time)');
  expect(Object.keys(await savedFiles(page, 'content/events')).length).toBe(
    readdirSync(join(CONTENT, 'events')).length,
  );
});

test('a link to no page, an image without alt text and a path another entry has are refused on saving, each named', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const files = repositoryFiles();
  const disclaimer = 'content/pages/disclaimer.en.md';
  files[disclaimer] =
    `${files[disclaimer] ?? ''}\nWrite to [the desk](/en/central-desks) or [in French](/fr/contacts).\n\n![](/media/desk-entrance.jpg)\n`;
  await openLocalRepository(page, files);
  const refusal = page.getByRole('alertdialog').filter({ hasText: 'Error' });

  await test.step('a page with a link to no page, one to French and an image without alt text', async () => {
    await page.getByRole('treeitem', { name: 'Pages' }).click();
    await page.getByRole('row', { name: /Disclaimer/ }).click();
    // The preview still shows the page: only saving refuses the image.
    const article = previewOf(page).getByRole('main').locator('article.page');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText('Disclaimer');
    await expect(article.getByRole('link', { name: 'the desk' })).toHaveAttribute(
      'href',
      '/en/central-desks',
    );
    await editorPane(page, 'en').getByRole('textbox', { name: 'Updated' }).fill('2026-11-26');
    await page.getByRole('button', { name: 'Save' }).click();
    // One problem a line, after Sveltia's own sentence.
    expect(await refusal.locator('.error').innerText()).toBe(
      [
        "Body (en): image /media/desk-entrance.jpg has no alt text: write what it shows, in this file's language, between the brackets: ![what it shows](/media/desk-entrance.jpg)",
        'Body (en): the link /en/central-desks leads to no page of this site (a page that is not published yet can be linked once it is)',
        'Body (en): the link /fr/contacts leads to a page in another language: link to the page in this language (/en/…)',
      ].join('\n'),
    );
    await refusal.getByRole('button', { name: 'OK' }).click();
    expect(await savedFile(page, disclaimer)).toBe(files[disclaimer]);
  });

  await test.step('a new news item whose English path is an existing item’s', async () => {
    await page.getByRole('button', { name: 'Cancel' }).click();
    await newEntry(page, 'News');
    for (const lang of ['en', 'nl', 'fr', 'de'] as const) await writeNews(page, lang);
    await switchTo(page, 'en');
    await editorPane(page, 'en')
      .getByRole('textbox', { name: 'Path' })
      .fill('/en/news/jury-chosen-trial-22-march-2016-attacks');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await refusal.locator('.error').innerText()).toBe(
      'Path (en): /en/news/jury-chosen-trial-22-march-2016-attacks is already the path of content/news/brussels-trial-jury-2022.en.md; choose another path',
    );
    await refusal.getByRole('button', { name: 'OK' }).click();
    expect(Object.keys(await savedFiles(page, 'content/news')).length).toBe(
      readdirSync(join(CONTENT, 'news')).length,
    );
  });

  await test.step('with its own path the item is saved', async () => {
    await editorPane(page, 'en').getByRole('textbox', { name: 'Path' }).fill(NEWS.en.path);
    await save(page);
    expect(Object.keys(await savedFiles(page, 'content/news')).length).toBe(
      readdirSync(join(CONTENT, 'news')).length + 4,
    );
  });
});
