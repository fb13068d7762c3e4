// The gates over a small hand-written site: each problem named with its page, scans reused for
// pages whose bytes did not change, and the page-count rule.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRelease } from './gates.ts';
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
    const result = await checkRelease({ siteDir: site, pages: 3, cacheFile });
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

  it('parses only the pages whose bytes changed since the last check', async () => {
    write('en/x/index.html', page('<h2 id="part">P</h2><a href="/en/y">y</a>'));
    write('en/y/index.html', page('<a href="/en/x#part">back</a>', 'https://www.example.be/en/y'));
    const result = await checkRelease({ siteDir: site, pages: 3, cacheFile });
    expect(result).toEqual({ ok: true, problems: [], parsed: 2 });
    expect((await checkRelease({ siteDir: site, pages: 3, cacheFile })).parsed).toBe(0);
  });

  it('refuses to lose more than 5% of the live pages unless removals are allowed', async () => {
    const refused = await checkRelease({ siteDir: site, pages: 94, livePages: 100, cacheFile });
    expect(refused.problems).toEqual([
      'the site would go from 100 to 94 pages (more than 5% fewer): publish with --allow-removals if that is meant',
    ]);
    expect((await checkRelease({ siteDir: site, pages: 95, livePages: 100, cacheFile })).ok).toBe(
      true,
    );
    const allowed = await checkRelease({
      siteDir: site,
      pages: 50,
      livePages: 100,
      allowRemovals: true,
      cacheFile,
    });
    expect(allowed.ok).toBe(true);
  });
});
