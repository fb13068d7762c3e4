// Editing with the CMS at /admin in local mode (docs/editing.md): Chromium's folder picker is
// answered with a copy of content/ in the Origin Private File System, so Sveltia reads and writes
// real files; what it saves is then loaded and built as `npm run build` does.
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
import AxeBuilder from '@axe-core/playwright';
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
  repositoryFiles,
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
import { WCAG_22_AA } from './helpers.ts';

const NEWS_LIST: Record<Lang, string> = {
  en: 'en/news',
  nl: 'nl/nieuws',
  fr: 'fr/actualites',
  de: 'de/aktuelles',
};

const runFile = promisify(execFile);

test('a news item in four languages and a new phone number, saved in the editor, are on the built site', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openLocalRepository(page);

  await test.step('the news item is saved as four files with the front matter the build reads', async () => {
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
  });

  await test.step('the first phone number of the contact strip is changed in the site settings', async () => {
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
  });

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
