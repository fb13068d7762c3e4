// The part of a page the search indexer gets, and proof that Pagefind writes the same index from
// it as from the whole page.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { describe, expect, it } from 'vitest';
import { searchableHtml } from './searchable-html.ts';

/** A page as the build writes it: chrome, boot data and the body marked for Pagefind. */
const page = (lang: string, title: string, body: string) =>
  `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${title} | Victims of terrorism</title>
<meta name="description" content="Not indexed">
</head>
<body><header data-pagefind-ignore="all"><nav><a href="/${lang}">Home</a> Menu words</nav></header>
<main id="main"><article class="news" data-pagefind-body="" data-pagefind-meta="section:News">${body}</article>
<aside>Contact strip 02 542 72 24</aside></main>
<footer>Footer words</footer>
<script type="application/json" id="boot">{"chrome":"menus and words"}</script>
</body>
</html>`;

const PAGES = [
  page(
    'en',
    'Verdict',
    '<h1>Verdict in the trial</h1><p>The jury found both accused guilty.</p><article><h2 id="more">Related</h2><p>Nested article words.</p></article><div data-pagefind-ignore="all">Share this page</div><h2 id="after">After the nested one</h2><p>Sentences followed.</p>',
  ),
  page('en', 'Financial aid', '<h1>Financial aid</h1><p>Apply to the Commission.</p>'),
];

describe('searchableHtml', () => {
  it('keeps the language, the title and the whole body element, nested articles included', () => {
    expect(searchableHtml(PAGES[1] ?? '')).toBe(
      '<!doctype html><html lang="en"><head><title>Financial aid | Victims of terrorism</title></head><body><article class="news" data-pagefind-body="" data-pagefind-meta="section:News"><h1>Financial aid</h1><p>Apply to the Commission.</p></article></body></html>',
    );
    expect(searchableHtml(PAGES[0] ?? '')).toContain(
      '<h2 id="after">After the nested one</h2><p>Sentences followed.</p></article></body></html>',
    );
  });

  it('hands over the whole page when nothing is marked, or the marked element does not close', () => {
    const plain = '<html lang="fr"><body><p>Texte</p></body></html>';
    expect(searchableHtml(plain)).toBe(plain);
    const open = '<html lang="fr"><body><div data-pagefind-body><p>Texte</p></body></html>';
    expect(searchableHtml(open)).toBe(open);
  });

  it('gives Pagefind what it needs to write the same index, byte for byte', async () => {
    const indexOf = async (pages: string[]): Promise<string> => {
      const { index } = await pagefind.createIndex({});
      if (!index) throw new Error('pagefind: no index');
      for (const [n, content] of pages.entries())
        await index.addHTMLFile({ url: `/en/page-${String(n)}`, content });
      const dir = mkdtempSync(join(tmpdir(), 'guichet-pagefind-'));
      try {
        await index.writeFiles({ outputPath: dir });
        await index.deleteIndex();
        const hash = createHash('sha256');
        const walk = (folder: string): void => {
          for (const name of readdirSync(folder).sort()) {
            const file = join(folder, name);
            if (statSync(file).isDirectory()) walk(file);
            else hash.update(name).update(readFileSync(file));
          }
        };
        walk(dir);
        return hash.digest('hex');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    try {
      expect(await indexOf(PAGES.map(searchableHtml))).toBe(await indexOf(PAGES));
    } finally {
      await pagefind.close();
    }
  }, 30_000);
});
