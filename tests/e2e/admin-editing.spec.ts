// Editing with the CMS at /admin in local mode (docs/editing.md): Chromium's folder picker is
// answered with a copy of content/ in the Origin Private File System, so Sveltia reads and writes
// real files; what it saves is then loaded and built as `npm run build` does. What it refuses:
// admin-refusals.spec.ts; axe and the preview: admin-preview.spec.ts.
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { brusselsToday } from '../../src/admin-preview/text-updated.ts';
import { parseItem } from '../../src/content/items.ts';
import { loadContent } from '../../src/content/load-content.ts';
import { siteSchema } from '../../src/content/site.ts';
import {
  ROOT,
  CONTENT,
  choose,
  SITE_URL,
  editorPane,
  newEntry,
  openLocalRepository,
  previewOf,
  save,
  savedFile,
  savedFiles,
  switchTo,
  type Lang,
  NEWS,
  writeNews,
  retypeDropped,
  type Typed,
} from './cms-local.ts';

const NEWS_LIST: Record<Lang, string> = {
  en: 'en/news',
  nl: 'nl/nieuws',
  fr: 'fr/actualites',
  de: 'de/aktuelles',
};

const runFile = promisify(execFile);

/** Writes the news item in four languages and saves it: the four files the build reads. */
async function saveNewsItem(page: Page) {
  await newEntry(page, 'News');
  for (const lang of ['en', 'nl', 'fr', 'de'] as const) await writeNews(page, lang);
  await save(page);
  const saved = await savedFiles(page, 'content/news');
  expect(Object.keys(saved).length).toBe(readdirSync(join(CONTENT, 'news')).length + 4);
  for (const lang of ['nl', 'fr', 'de', 'en'] as const) {
    const { title, path, summary, body } = NEWS[lang];
    expect(saved[`remembrance-day-2027.${lang}.md`]).toBe(
      [
        '---',
        `title: ${title}`,
        `path: ${path}`,
        `summary: ${summary}`,
        // Typed 2027-03-01, but the body is new: saving dates it today (text-updated.ts).
        `updated: ${brusselsToday(new Date())}`,
        'date: 2027-03-22',
        'topics:',
        '  - remembrance',
        'source: central-desk',
        '---',
        '',
        body,
        '',
      ].join('\n'),
    );
  }
}

/** Changes the first phone number of the contact strip in the site settings and saves it. */
async function changeFirstPhone(page: Page) {
  await page.getByRole('treeitem', { name: 'Site settings' }).click();
  await page.getByRole('row', { name: 'Site' }).click();
  // The editor draws a field once it is scrolled near: the contact group first, then its phones.
  const contact = page.getByRole('group', { name: '\u201c\u2068Contact\u2069\u201d Field' });
  await contact.scrollIntoViewIfNeeded();
  const phones = contact.getByRole('group', { name: '\u201c\u2068Phones\u2069\u201d Field' });
  await phones.scrollIntoViewIfNeeded();
  await phones.getByRole('textbox', { name: 'Number' }).first().fill('02 542 72 99');
  await phones.getByRole('textbox', { name: 'International' }).first().fill('+3225427299');
  await save(page);
  // "Entry saved." of the news item may still be showing when this save starts: wait for the
  // file itself (under load the read came before the write once).
  await expect
    .poll(async () => (await savedFile(page, 'content/site.yaml')).includes('+3225427299'))
    .toBe(true);
  const expected = siteSchema.parse(parse(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')));
  const [first] = expected.contact.phones;
  if (!first) throw new Error('content/site.yaml has no phone');
  Object.assign(first, { number: '02 542 72 99', international: '+3225427299' });
  // Sveltia rewrites the whole file: the same settings for the build, without the comments and
  // without the empty analytics (the schema's defaults give them back).
  const saved = parse(await savedFile(page, 'content/site.yaml')) as object;
  expect(siteSchema.parse(saved)).toEqual(expected);
  expect(Object.keys(saved)).not.toContain('analytics');
  expect(await savedFile(page, 'content/site.yaml')).not.toContain('#');
}

test('a news item in four languages and a new phone number, saved in the editor, are on the built site', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openLocalRepository(page);

  await test.step('the news item is saved as four files with the front matter the build reads', () =>
    saveNewsItem(page));

  await test.step('the first phone number of the contact strip is changed in the site settings', () =>
    changeFirstPhone(page));

  // Inside the checkout: the prerender bundle beside the output imports React from node_modules.
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.cache/cms-edit-'));
  try {
    const contentDir = join(dir, 'content');
    cpSync(CONTENT, contentDir, { recursive: true });
    for (const [name, text] of Object.entries(await savedFiles(page, 'content/news')))
      writeFileSync(join(contentDir, 'news', name), text);
    writeFileSync(join(contentDir, 'site.yaml'), await savedFile(page, 'content/site.yaml'));

    await test.step("the site's loader accepts the saved files", () => {
      const content = loadContent(contentDir, { siteUrl: SITE_URL });
      const added = content.news.filter((item) => item.translationKey === 'remembrance-day-2027');
      expect(
        added
          .map(({ lang, title, date, topics, source }) => [lang, title, date, topics, source])
          .sort(),
      ).toEqual(
        (['de', 'en', 'fr', 'nl'] as const).map((lang) => [
          lang,
          NEWS[lang].title,
          '2027-03-22',
          ['remembrance'],
          'central-desk',
        ]),
      );
      expect(content.site.contact.phones[0]).toEqual({
        number: '02 542 72 99',
        international: '+3225427299',
        languages: ['fr', 'en'],
      });
    });

    const outDir = join(dir, 'dist');
    await test.step('npm run build publishes both', async () => {
      const started = performance.now();
      await runFile(
        process.execPath,
        [
          join(ROOT, 'src/site-generator/build.ts'),
          '--content',
          contentDir,
          '--out',
          outDir,
          '--site-url',
          SITE_URL,
          '--workers',
          '1',
        ],
        { cwd: ROOT, timeout: 150_000 },
      );
      test.info().annotations.push({
        type: 'build',
        description: `${Math.round(performance.now() - started)} ms`,
      });
    });

    await test.step('each language’s news list shows the item first', () => {
      for (const lang of ['nl', 'fr', 'de', 'en'] as const) {
        const html = readFileSync(join(outDir, NEWS_LIST[lang], 'index.html'), 'utf8');
        const titles = [
          ...html.matchAll(/class="item-list__title"><a href="([^"]+)"[^>]*>([^<]+)</g),
        ];
        expect(titles.length, NEWS_LIST[lang]).toBe(10);
        expect(titles[0]?.slice(1), NEWS_LIST[lang]).toEqual([NEWS[lang].path, NEWS[lang].title]);
        const item = readFileSync(join(outDir, NEWS[lang].path.slice(1), 'index.html'), 'utf8');
        expect(item).toContain(`<p>${NEWS[lang].body}</p>`);
      }
    });

    await test.step("every English page's contact strip shows the new number", () => {
      const pages = readdirSync(join(outDir, 'en'), { recursive: true, encoding: 'utf8' }).filter(
        (file) => file.endsWith('index.html'),
      );
      expect(pages.length).toBe(79);
      for (const file of pages) {
        const html = readFileSync(join(outDir, 'en', file), 'utf8');
        const strip = /<aside class="contact-strip".*?<\/aside>/s.exec(html)?.[0] ?? '';
        // Typeset: a phone number keeps on one line (no-break spaces, src/i18n/typography.ts).
        expect(strip, file).toContain('<a href="tel:+3225427299">02\u00a0542\u00a072\u00a099</a>');
        expect(strip, file).not.toContain('+3225427224');
      }
      // "What applies to me?" names the Commission's phones in its own file (steps.yaml), which
      // the contact strip does not change: docs/editing.md tells editors to change both.
      const steps = readFileSync(join(outDir, 'en/what-applies-to-me/index.html'), 'utf8');
      expect(steps).toContain('<a href="tel:+3225427224">02\u00a0542\u00a072\u00a024</a>');
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a body offers headings 2 to 4 and no Heading 1: the title is the page’s one h1', async ({
  page,
}) => {
  await openLocalRepository(page);
  await newEntry(page, 'News');
  const pane = editorPane(page, 'en');
  await pane.getByRole('textbox', { name: 'Body' }).click();
  await pane.getByRole('button', { name: 'Show Text Style Options' }).click();
  // Each item's text starts with its icon's name (a ligature of the icon font): its label is
  // matched inside it, and the list is exactly these eight.
  await expect(page.getByRole('menu').getByRole('menuitemcheckbox')).toHaveText([
    /Paragraph/,
    /Heading 2/,
    /Heading 3/,
    /Heading 4/,
    /Block Quote/,
    /Bulleted List/,
    /Numbered List/,
    /Code Block/,
  ]);
  await expect(pane.getByRole('button', { name: /^(Strikethrough|Code)$/ })).toHaveCount(0);
});

test('an online event without place, saved in the editor, is read by the site as online at its link', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openLocalRepository(page);
  await newEntry(page, 'Events');
  const words = {
    en: [
      'Online information session',
      '/en/agenda/online-information-session-2027',
      'How to apply.',
    ],
    nl: ['Online infosessie', '/nl/agenda/online-infosessie-2027', 'Hoe u aanvraagt.'],
    fr: [
      "Séance d'information en ligne",
      '/fr/agenda/seance-information-en-ligne-2027',
      'Comment demander.',
    ],
    de: [
      'Online-Infoveranstaltung',
      '/de/veranstaltungen/online-infoveranstaltung-2027',
      'Wie Sie beantragen.',
    ],
  } as const;
  for (const lang of ['en', 'nl', 'fr', 'de'] as const) {
    const pane = lang === 'en' ? editorPane(page, 'en') : await switchTo(page, lang);
    const [title, path, summary] = words[lang];
    const typed: Typed = [
      [pane.getByRole('textbox', { name: 'Title', exact: true }), title],
      [pane.getByRole('textbox', { name: 'Path' }), path],
      [pane.getByRole('textbox', { name: 'Summary' }), summary],
      [pane.getByRole('textbox', { name: 'Updated' }), '2027-01-10'],
    ];
    for (const [field, value] of typed) await field.fill(value);
    if (lang === 'en') {
      await pane.getByRole('textbox', { name: 'Start' }).fill('2027-02-04T18:00');
      await choose(page, pane, 'Topics', 'Financial aid (financial-aid)');
      await pane.getByRole('switch', { name: 'Online' }).click();
      await pane.getByRole('textbox', { name: 'Online link' }).fill('https://example.org/join');
    }
    await pane.getByRole('textbox', { name: 'Body' }).fill(summary);
    await expect(previewOf(page).locator('.prose')).toHaveText(summary);
    await retypeDropped(typed);
  }
  await save(page);
  const saved = await savedFiles(page, 'content/events');
  const english = saved['online-information-session.en.md'] ?? '';
  expect(english).toContain('online: true\nonlineLink: https://example.org/join\n');
  expect(english).not.toContain('place:');
  const item = parseItem('event', 'content/events/online-information-session.en.md', english);
  expect([item.online, item.place, item.start]).toEqual([
    'https://example.org/join',
    undefined,
    '2027-02-04T18:00',
  ]);
});
