// The JavaScript each template's page loads before it hydrates stays within its budget (issue 18,
// target 3; issue 48): the module scripts and the modulepreloads its prerendered HTML names, which
// are all the code the page loads until then, counted and summed as gzip -9 of the built files.
// Chunks fetched later are not counted: those of linked pages (prefetch, for the next page) and
// those a page loads when idle or on first use (the service worker's registration and the
// prefetch, the statistics, the share dialog, "Was this page useful?"; the cookie banner on a
// site with statistics only). A check over dist/, no browser: the page names what it loads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const DIST = join(import.meta.dirname, '../../dist');
const KB = 1024;
// React and React DOM are one chunk of their own (67,551 B in 19.2.x; ADR 0018): they stay.
const REACT_CEILING = 68 * KB;
// Issue 48's goals for a content page: at most 90 KB in all, at most 20 KB of it the app's own.
const CONTENT_PAGE_TOTAL = 90 * KB;
const CONTENT_PAGE_APP = 20 * KB;

/** The newest English news item: the article the benchmarks measure too. */
const article = (): string => {
  const newsList = JSON.parse(
    readFileSync(join(DIST, 'page-data/en/news/page-data.json'), 'utf8'),
  ) as { result: { data: { listing?: { path: string }[] } } };
  const path = newsList.result.data.listing?.[0]?.path;
  if (!path) throw new Error('the news list has no item');
  return `${path.slice(1)}/index.html`;
};

// Per template: its page, the number of scripts it names, and a ceiling for the app's share (all
// but React's chunk), a little above what this build reaches, so that growth fails here. Figures
// of this build, in B gzip -9: the app's share is 15,488 (splash), 19,616 (language home and
// content page), 21,779 (news list, agenda), 17,612 (article), 33,844 (search: the search client
// and Pagefind's glue), 15,480 (404), 28,031 (a page with a form).
const TEMPLATES: { template: string; page: () => string; scripts: number; app: number }[] = [
  { template: 'splash', page: () => 'index.html', scripts: 5, app: 15.5 * KB },
  { template: 'language home', page: () => 'en/index.html', scripts: 10, app: 19.5 * KB },
  {
    template: 'content page',
    page: () => 'en/first-steps/index.html',
    scripts: 10,
    app: 19.5 * KB,
  },
  { template: 'news list', page: () => 'en/news/index.html', scripts: 8, app: 21.5 * KB },
  { template: 'article', page: article, scripts: 8, app: 17.5 * KB },
  { template: 'agenda', page: () => 'en/agenda/index.html', scripts: 8, app: 21.5 * KB },
  { template: 'search', page: () => 'en/search/index.html', scripts: 8, app: 33.5 * KB },
  { template: '404', page: () => 'en/404/index.html', scripts: 5, app: 15.5 * KB },
  // 28,529 B with issue 40's reducer (form-state.ts, use-form.ts): 369 B more than before it.
  { template: 'form page', page: () => 'en/central-desk/index.html', scripts: 13, app: 28 * KB },
];

interface Scripts {
  files: string[];
  /** gzip -9 bytes of React's chunk. */
  react: number;
  /** gzip -9 bytes of every other script: the app's share. */
  app: number;
}

/** The scripts a prerendered page names, React's chunk and the app's share of their bytes. */
function scriptsOf(page: string): Scripts {
  const html = readFileSync(join(DIST, page), 'utf8');
  const files = [
    ...html.matchAll(
      /<script type="module" src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g,
    ),
  ].map((match) => match[1] ?? match[2] ?? '');
  let react = 0;
  let app = 0;
  for (const file of files) {
    const bytes = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
    if (/^\/assets\/react-[\w-]+\.js$/.test(file)) react += bytes;
    else app += bytes;
  }
  return { files, react, app };
}

for (const { template, page, scripts, app } of TEMPLATES) {
  test(`the ${template} loads ${String(scripts)} scripts before it hydrates, the app's share within ${String(app)} B`, () => {
    const found = scriptsOf(page());
    expect(found.files).toHaveLength(scripts);
    // Each file once, the app's entry and React's chunk among them.
    expect(new Set(found.files).size).toBe(scripts);
    expect(found.files.filter((file) => file.includes('/entry-client-'))).toHaveLength(1);
    expect(found.react).toBeGreaterThan(60 * KB);
    expect(found.react).toBeLessThanOrEqual(REACT_CEILING);
    expect(found.app).toBeLessThanOrEqual(app);
  });
}

test('a content page needs at most 90 KB of JavaScript, at most 20 KB of it the app’s own', () => {
  const { react, app } = scriptsOf('en/first-steps/index.html');
  expect(app).toBeLessThanOrEqual(CONTENT_PAGE_APP);
  expect(react + app).toBeLessThanOrEqual(CONTENT_PAGE_TOTAL);
});

test('what a content page does not need before it hydrates is in none of its scripts', () => {
  const { files } = scriptsOf('en/first-steps/index.html');
  const code = files.map((file) => readFileSync(join(DIST, file), 'utf8')).join('\n');
  // No router library (ADR 0018).
  expect(code.includes('React Router')).toBe(false);
  // The service worker's registration, the prefetch, the statistics, the share dialog, the
  // cookie banner and "Was this page useful?" load later, from chunks of their own: a string of
  // each is in none of the page's scripts (each was, before issue 48).
  for (const text of [
    'register(`/sw.js`)',
    'saveData',
    'setTrackerUrl',
    'social.copy',
    'consent.allowAll',
    'feedback.sending',
  ])
    expect(code.includes(text), text).toBe(false);
});
