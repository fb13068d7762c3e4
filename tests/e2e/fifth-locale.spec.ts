// Issue #19, item 1: README.md's "Adding a language" is true. A copy of the repository gets a
// fifth language by those steps only (tests/e2e/fixtures/add-language.ts) and is built; the new
// language then has every page, its page data, search index, feed, not-found and offline pages,
// and the other languages link to it. No browser: this checks the build's output.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { addLanguage, copyRepository } from './fixtures/add-language.ts';

const root = resolve(import.meta.dirname, '../..');

/** The page paths of one language in a built site: every folder under it with an index.html. */
function pagesOf(dist: string, language: string): string[] {
  return readdirSync(join(dist, language), { recursive: true, encoding: 'utf8' })
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .map((file) => file.replace(/\/?index\.html$/, ''))
    .sort();
}

test('a fifth language added by the README steps builds into a complete language', () => {
  test.setTimeout(180_000);
  const copy = mkdtempSync(join(tmpdir(), 'guichet-fifth-locale-'));
  try {
    copyRepository(root, copy);
    addLanguage(copy);
    execFileSync(
      process.execPath,
      ['src/site-generator/build.ts', '--site-url', 'http://localhost:8080'],
      { cwd: copy, stdio: 'pipe' },
    );
    const dist = join(copy, 'dist');
    const read = (file: string) => readFileSync(join(dist, file), 'utf8');

    // Every English page has its Luxembourgish copy, the not-found and offline pages included.
    const english = pagesOf(dist, 'en');
    expect(english).toContain('404');
    expect(english).toContain('offline');
    expect(pagesOf(dist, 'lb')).toEqual(english);
    expect(read('lb/index.html')).toContain('<html lang="lb">');
    expect(JSON.parse(read('page-data/lb/page-data.json'))).toMatchObject({ path: '/lb' });

    // The other languages link to it: hreflang alternates, the language switch, the sitemap.
    const englishHome = read('en/index.html');
    expect(englishHome).toContain('hreflang="lb" href="http://localhost:8080/lb"');
    expect(englishHome).toMatch(/<a lang="lb" hrefLang="lb" href="\/lb"[^>]*>Lëtzebuergesch</);
    const sitemap = read('sitemap.xml');
    expect(sitemap.match(/hreflang="lb"/g)?.length).toBe(sitemap.match(/hreflang="en"/g)?.length);

    // Its search index and news feed.
    expect(
      readdirSync(join(dist, 'pagefind/lb')).filter((file) =>
        /^pagefind\.lb_.*\.pf_meta$/.test(file),
      ),
    ).toHaveLength(1);
    expect(read('lb/news/rss.xml')).toContain('<link>http://localhost:8080/lb/news</link>');
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
