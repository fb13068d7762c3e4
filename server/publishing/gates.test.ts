// The gates over a small hand-written site and its page list (what the build's pages.json says):
// each problem named with its page, scans reused for pages whose hash did not change (their
// files not even read), links of unchanged pages to a removed page refused, and the page-count
// rule.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRelease, pageHash } from './gates.ts';
import { scanPage } from './page-scan.ts';

const dir = mkdtempSync(join(tmpdir(), 'gates-'));
const site = join(dir, 'site');
const cacheFile = join(dir, 'gates.v8');

const page = (body: string, canonical = 'https://www.example.be/en/x') =>
  `<!doctype html><html lang="en"><head><title>T</title><link rel="canonical" href="${canonical}"></head><body>${body}</body></html>`;

const write = (file: string, text: string) => {
  mkdirSync(join(site, file, '..'), { recursive: true });
  writeFileSync(join(site, file), text);
};
const fileOf = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
/** The page list a build would give for these pages as they are on disk. */
const listOf = (...paths: string[]) =>
  new Map(paths.map((path) => [path, pageHash(readFileSync(join(site, fileOf(path))))]));

describe('the publishing gates', () => {
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the links of the site to itself, relative or on its own origin, and the ids', () => {
    const scan = scanPage(
      page(
        '<a href="/en/a">a</a><a href="https://www.example.be/en/b#part">b</a><a href="https://other.be/x">o</a>' +
          '<a href="mailto:x@example.be">m</a><a href="#top" id="top">t</a><img src="/media/p-1.jpg" srcset="/media/p-480.webp 480w, /media/p-960.webp 960w" alt="">',
      ),
    );
    expect(scan.errors).toEqual([]);
    expect(scan.links.sort()).toEqual(
      [
        '/en/a',
        '/en/b#part',
        '/en/x',
        '/media/p-1.jpg',
        '/media/p-480.webp',
        '/media/p-960.webp',
      ].sort(),
    );
    expect(scan.ids).toEqual(['top']);
  });

  it('refuses a link to no file, an anchor the target lacks and HTML that does not parse, naming each page', async () => {
    write('index.html', page('<a href="/en/x">x</a>', 'https://www.example.be/'));
    write(
      'en/x/index.html',
      page('<h2 id="part">P</h2><a href="/en/gone">gone</a><a href="/en/y#nowhere">y</a>'),
    );
    write(
      'en/y/index.html',
      page(
        '<p>R&amp ;D</p><a href="/en/x#part">back</a><a href="/assets/app.js">js</a>',
        'https://www.example.be/en/y',
      ),
    );
    write('assets/app.js', '');
    const result = await checkRelease({
      siteDir: site,
      pages: listOf('/', '/en/x', '/en/y'),
      cacheFile,
    });
    expect(result.ok).toBe(false);
    expect(result.parsed).toBe(3);
    expect(result.problems.sort()).toEqual(
      [
        '/en/x links to /en/gone, which is not on the site',
        '/en/x links to /en/y#nowhere, a part that page does not have',
        '/en/y: the HTML does not parse: missing-semicolon-after-character-reference at 1:132',
      ].sort(),
    );
  });

  it('parses only the pages whose hash changed since the last check, and reads no other', async () => {
    write('en/x/index.html', page('<h2 id="part">P</h2><a href="/en/y">y</a>'));
    write('en/y/index.html', page('<a href="/en/x#part">back</a>', 'https://www.example.be/en/y'));
    const pages = listOf('/', '/en/x', '/en/y');
    const result = await checkRelease({ siteDir: site, pages, cacheFile });
    expect(result).toEqual({ ok: true, problems: [], parsed: 2 });
    // A page listed with a hash scanned before is not read: its file's bytes no longer matter.
    write('en/y/index.html', page('<p>R&amp ;D</p>'));
    expect(await checkRelease({ siteDir: site, pages, cacheFile })).toEqual({
      ok: true,
      problems: [],
      parsed: 0,
    });
    write('en/y/index.html', page('<a href="/en/x#part">back</a>', 'https://www.example.be/en/y'));
  });

  it('refuses a page whose file is not the one the build lists, or that has no file', async () => {
    const pages = listOf('/', '/en/x', '/en/y');
    pages.set('/en/x', pageHash(Buffer.from('another page')));
    pages.set('/en/z', pageHash(Buffer.from('a page never written')));
    const result = await checkRelease({ siteDir: site, pages, cacheFile });
    expect(result).toEqual({
      ok: false,
      problems: [
        "/en/x: the page's file is not the one the build lists",
        '/en/z: the build lists this page, but the release has no file for it',
      ],
      parsed: 0,
    });
  });

  it('refuses the links of unchanged pages to a page that was removed', async () => {
    rmSync(join(site, 'en/y'), { recursive: true });
    const result = await checkRelease({ siteDir: site, pages: listOf('/', '/en/x'), cacheFile });
    expect(result).toEqual({
      ok: false,
      problems: ['/en/x links to /en/y, which is not on the site'],
      parsed: 0,
    });
  });

  it('refuses to lose more than 5% of the live pages unless removals are allowed', async () => {
    const paths = Array.from({ length: 100 }, (_, i) => `/en/p${String(i)}`);
    for (const path of paths) write(fileOf(path), page('<p>A page.</p>'));
    const first = (count: number) => listOf(...paths.slice(0, count));
    const refused = await checkRelease({
      siteDir: site,
      pages: first(94),
      livePages: 100,
      cacheFile,
    });
    expect(refused.problems).toEqual([
      'the site would go from 100 to 94 pages (more than 5% fewer): publish with --allow-removals if that is meant',
    ]);
    const passed = await checkRelease({
      siteDir: site,
      pages: first(95),
      livePages: 100,
      cacheFile,
    });
    expect(passed).toEqual({ ok: true, problems: [], parsed: 0 });
    const allowed = await checkRelease({
      siteDir: site,
      pages: first(50),
      livePages: 100,
      allowRemovals: true,
      cacheFile,
    });
    expect(allowed.ok).toBe(true);
  });
});
