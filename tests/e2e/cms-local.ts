// Sveltia CMS in local mode for browser tests and the editor guide's screenshots: the folder
// picker answered with a copy of content/ in the Origin Private File System, and the editor's
// panes, saving and choices as an editor reaches them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export const ROOT = join(import.meta.dirname, '../..');
export const CONTENT = join(ROOT, 'content');
export const SITE_URL = 'http://localhost:8080';
export const LOCALE_NAMES = { nl: 'Dutch', fr: 'French', de: 'German', en: 'English' } as const;
export type Lang = keyof typeof LOCALE_NAMES;

/** The repository as the folder picker hands it over: content/ and a .git folder (Sveltia checks). */
export function repositoryFiles(): Record<string, string> {
  const files: Record<string, string> = { '.git/HEAD': 'ref: refs/heads/main\n' };
  for (const entry of readdirSync(CONTENT, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    files[relative(ROOT, file)] = readFileSync(file, 'utf8');
  }
  return files;
}

/**
 * Opens /admin with `showDirectoryPicker` answering a folder of the origin's private file system
 * that holds a copy of the repository (or `files`, by path), then signs in with "Work with Local
 * Repository".
 */
export async function openLocalRepository(
  page: Page,
  files: Record<string, string> = repositoryFiles(),
): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showDirectoryPicker', {
      value: async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle('repo', { create: true }),
    });
  });
  await page.goto('/admin');
  await page.evaluate(async (files) => {
    const repo = await (
      await navigator.storage.getDirectory()
    ).getDirectoryHandle('repo', {
      create: true,
    });
    for (const [path, text] of Object.entries(files)) {
      const parts = path.split('/');
      let dir = repo;
      for (const part of parts.slice(0, -1))
        dir = await dir.getDirectoryHandle(part, { create: true });
      const file = await dir.getFileHandle(parts.at(-1) ?? '', { create: true });
      const writable = await file.createWritable();
      await writable.write(text);
      await writable.close();
    }
  }, files);
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  await expect(page.getByRole('treeitem', { name: 'News' })).toContainText('News 24');
}

/**
 * The files of a folder of the repository in the private file system, by name. A file the editor
 * is writing at that moment cannot be read (NotReadableError, seen in CI), and one it is
 * replacing may be listed and gone when read (NotFoundError, seen in CI): the folder is read
 * again then.
 */
export function savedFiles(page: Page, folder: string): Promise<Record<string, string>> {
  return page.evaluate(async (path) => {
    for (let attempt = 1; ; attempt++) {
      try {
        let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('repo');
        for (const part of path.split('/')) dir = await dir.getDirectoryHandle(part);
        const files: Record<string, string> = {};
        for await (const [name, handle] of dir.entries())
          if (handle.kind === 'file') files[name] = await (await handle.getFile()).text();
        return files;
      } catch (error) {
        const busy =
          error instanceof DOMException &&
          (error.name === 'NotReadableError' || error.name === 'NotFoundError');
        if (!busy || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }, folder);
}

/** One file of the repository in the private file system. */
export async function savedFile(page: Page, path: string): Promise<string> {
  const slash = path.lastIndexOf('/');
  const text = (await savedFiles(page, path.slice(0, slash)))[path.slice(slash + 1)];
  if (text === undefined) throw new Error(`the editor saved no ${path}`);
  return text;
}

/** The left pane of the entry editor, for one language. */
export const editorPane = (page: Page, lang: Lang): Locator =>
  page.getByRole('group', { name: `Edit \u2068${LOCALE_NAMES[lang]}\u2069 Content` });

/** Switches the left pane to another language. */
export async function switchTo(page: Page, lang: Lang): Promise<Locator> {
  await page
    .getByRole('group', { name: /^Edit .* Content$/ })
    .getByRole('radio', { name: new RegExp(`^${LOCALE_NAMES[lang]}`) })
    .click();
  return editorPane(page, lang);
}

/** The preview pane: a frame in which the site's components render the entry (src/admin-preview). */
export const previewOf = (page: Page): FrameLocator =>
  page.frameLocator('iframe[title="Content Preview"]');

/** Opens a new entry of a collection, once the editor is ready for typing. */
export async function newEntry(page: Page, collection: string): Promise<void> {
  await page.getByRole('treeitem', { name: collection }).click();
  await page.getByRole('button', { name: 'Create New Entry' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'creating a new entry' })).toBeVisible();
}

/** Saves the entry; when the editor refuses, fails with its list of errors. */
export async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Entry saved.' });
  const refused = page.getByRole('button', { name: 'Show Errors' });
  await expect(saved.or(refused).first()).toBeVisible();
  if (await refused.isVisible()) {
    await refused.click();
    const errors = await page.getByRole('group', { name: 'Validation' }).innerText();
    throw new Error(`the editor refused to save:\n${errors}`);
  }
}

/** Picks an option of a select field. */
export async function choose(
  page: Page,
  pane: Locator,
  field: string,
  option: string,
): Promise<void> {
  await pane.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const FONTSOURCE =
  /^https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(:vf)?@([\d.]+)\/([a-z0-9-]+\.woff2)$/;

/**
 * Answers Sveltia's typeface and icon-font requests to cdn.jsdelivr.net (Fontsource) with the
 * same files from the `@fontsource/…` and `@fontsource-variable/…` packages, so that the editor
 * offline shows its icons instead of their names; fails on a font whose package is missing or
 * of another version than Sveltia asks for.
 */
export async function serveFontsFromPackages(page: Page): Promise<void> {
  await page.route('https://cdn.jsdelivr.net/**', async (route) => {
    const url = route.request().url();
    const match = FONTSOURCE.exec(url);
    if (!match) throw new Error(`not a Fontsource font: ${url}`);
    const [, name = '', variable, version, file = ''] = match;
    const dir = join(ROOT, 'node_modules', variable ? '@fontsource-variable' : '@fontsource', name);
    const installed = (
      JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }
    ).version;
    if (installed !== version)
      throw new Error(
        `${url}: Sveltia asks for ${name} ${String(version)}, ${dir} is ${installed}`,
      );
    await route.fulfill({
      body: readFileSync(join(dir, 'files', `${name}-${file}`)),
      contentType: 'font/woff2',
      headers: { 'access-control-allow-origin': '*' },
    });
  });
}

/** The news item the editing test and the guide's screenshots create, in each language. */
export const NEWS: Record<Lang, { title: string; path: string; summary: string; body: string }> = {
  en: {
    title: 'Remembrance day 2027',
    path: '/en/news/remembrance-day-2027',
    summary: 'The remembrance of 22 March 2027 in Brussels.',
    body: 'The ceremony starts at 10:00.',
  },
  nl: {
    title: 'Herdenkingsdag 2027',
    path: '/nl/nieuws/herdenkingsdag-2027',
    summary: 'De herdenking van 22 maart 2027 in Brussel.',
    body: 'De plechtigheid begint om 10.00 uur.',
  },
  fr: {
    title: 'Journée du souvenir 2027',
    path: '/fr/actualites/journee-du-souvenir-2027',
    summary: 'La commémoration du 22 mars 2027 à Bruxelles.',
    body: 'La cérémonie commence à 10 h.',
  },
  de: {
    title: 'Gedenktag 2027',
    path: '/de/aktuelles/gedenktag-2027',
    summary: 'Das Gedenken am 22. März 2027 in Brüssel.',
    body: 'Die Feier beginnt um 10 Uhr.',
  },
};

/** Fills the fields of one language of the news item; the shared ones in English only. */
export async function writeNews(page: Page, lang: Lang): Promise<void> {
  const pane = lang === 'en' ? editorPane(page, 'en') : await switchTo(page, lang);
  const { title, path, summary, body } = NEWS[lang];
  const typed: Typed = [
    [pane.getByRole('textbox', { name: 'Title', exact: true }), title],
    [pane.getByRole('textbox', { name: 'Path' }), path],
    [pane.getByRole('textbox', { name: 'Summary' }), summary],
    [pane.getByRole('textbox', { name: 'Updated' }), '2027-03-01'],
  ];
  if (lang === 'en')
    typed.push([pane.getByRole('textbox', { name: 'Date', exact: true }), '2027-03-22']);
  for (const [field, value] of typed) await field.fill(value);
  if (lang === 'en') {
    await choose(page, pane, 'Topics', 'Remembrance (remembrance)');
    await choose(page, pane, 'Source', 'Central desk (central-desk)');
  }
  await pane.getByRole('textbox', { name: 'Body' }).fill(body);
  // The rich-text editor hands its value over a moment later: the preview shows when it has.
  await expect(previewOf(page).locator('.prose')).toHaveText(body);
  await retypeDropped(typed);
}

/** Text fields of an entry, each with the value typed into it. */
export type Typed = [field: Locator, value: string][];

/**
 * Types again what the editor dropped, then expects every field to hold its value. In CI the
 * editor twice dropped a value typed into a new entry while it was still setting the entry up
 * (the English title once, the English summary once); the other fields kept theirs.
 */
export async function retypeDropped(typed: Typed): Promise<void> {
  for (const [field, value] of typed) {
    if ((await field.inputValue()) !== value) await field.fill(value);
    await expect(field).toHaveValue(value);
  }
}
