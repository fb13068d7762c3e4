// Previews without a build: a branch's folder name is safe whatever the branch is called (dot
// segments, spaces, slashes, very long names, names alike), and the preview address serves the
// preview shown with `X-Robots-Tag: noindex, nofollow` on every answer, a robots.txt that
// disallows everything, and a status page with the problems a publication would refuse.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCH_NAME } from './git-source.ts';
import { previewName, previewsDir, PREVIEW_STATUS_PATH, type PreviewInfo } from './preview.ts';
import { createPreviewApp, PREVIEW_ROBOTS } from './preview-app.ts';
import { pointCurrentAt } from './releases.ts';

describe('previewName', () => {
  it('keeps letters and digits, lowercase, and adds 8 characters of the branch hash', () => {
    expect(previewName('cms/news/new-desk')).toMatch(/^cms-news-new-desk-[0-9a-f]{8}$/);
    expect(previewName('main')).toMatch(/^main-[0-9a-f]{8}$/);
  });

  it('makes a single plain folder name of dot segments, slashes, spaces and other characters', () => {
    for (const branch of [
      '../../etc/passwd',
      '..',
      '.',
      'a b\tc',
      'cms/é/ü',
      '/',
      ' ',
      'a\\b',
      'current',
    ]) {
      const name = previewName(branch);
      expect(name, branch).toMatch(/^[a-z0-9][a-z0-9-]*-[0-9a-f]{8}$/);
      expect(name).not.toBe('current');
    }
    expect(previewName('../../etc/passwd')).toMatch(/^etc-passwd-[0-9a-f]{8}$/);
    expect(previewName('..')).toMatch(/^branch-[0-9a-f]{8}$/);
  });

  it('cuts a very long name to 40 characters before the hash, without a trailing hyphen', () => {
    const long = `cms/pages/${'x'.repeat(29)}-${'y'.repeat(300)}`;
    const name = previewName(long);
    expect(name).toMatch(/^cms-pages-x{29}-[0-9a-f]{8}$/);
    expect(name.length).toBeLessThanOrEqual(49);
  });

  it('gives two branches that read alike two folders', () => {
    const names = ['cms/news/a b', 'cms/news/a-b', 'CMS/news/a_b', 'cms/news/a--b'].map(
      previewName,
    );
    expect(new Set(names).size).toBe(4);
  });

  it('is only asked of names git accepts: an option-like or climbing name is refused first', () => {
    expect(
      ['--upload-pack=x', '../x', 'a..b', '-x', 'a//b'].map((name) => BRANCH_NAME.test(name)),
    ).toEqual([false, false, false, false, false]);
  });
});

describe('the preview address', () => {
  let dir: string;
  let app: FastifyInstance;
  const info: PreviewInfo = {
    branch: 'cms/news/new-desk',
    name: previewName('cms/news/new-desk'),
    commit: 'c0ffee'.padEnd(40, '0'),
    builtAt: '2026-11-27T09:00:00.000Z',
    built: true,
    problems: ['/en/news/new-desk links to /en/no-such-page, which is not on the site'],
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'preview-app-'));
    app = await createPreviewApp({ releasesDir: dir, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says that no preview is built yet, with 503, before the first one', async () => {
    const page = await app.inject('/en');
    expect([page.statusCode, page.body]).toEqual([
      503,
      'No preview has been built yet (npm run release -- preview --branch NAME).\n',
    ]);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await app.inject(PREVIEW_STATUS_PATH)).body).toBe(page.body);
  });

  it('serves the preview shown, every answer marked noindex, robots.txt disallowing all', async () => {
    const site = join(previewsDir(dir), info.name, 'site');
    mkdirSync(join(site, 'en', 'news', 'new-desk'), { recursive: true });
    mkdirSync(join(site, 'en', '404'), { recursive: true });
    writeFileSync(join(site, 'en', 'news', 'new-desk', 'index.html'), '<h1>A new desk</h1>');
    writeFileSync(join(site, 'en', '404', 'index.html'), '<h1>Not found</h1>');
    // The public site's robots.txt, which the preview must never answer with.
    writeFileSync(join(site, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    writeFileSync(join(previewsDir(dir), info.name, 'preview.json'), JSON.stringify(info));
    await pointCurrentAt(previewsDir(dir), join(info.name, 'site'));

    const answers = await Promise.all(
      [
        '/en/news/new-desk',
        '/en/nothing-here',
        '/robots.txt',
        PREVIEW_STATUS_PATH,
        '/en/news/new-desk/',
      ].map((url) => app.inject(url)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 200, 200, 301]);
    for (const answer of answers) expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(answers[0]?.body).toBe('<h1>A new desk</h1>');
    expect(answers[2]?.body).toBe(PREVIEW_ROBOTS);
    expect(PREVIEW_ROBOTS).toBe('User-agent: *\nDisallow: /\n');
    expect(answers[3]?.body).toBe(
      [
        `Preview of the branch cms/news/new-desk, commit ${info.commit ?? ''}, built 2026-11-27T09:00:00.000Z.`,
        'A publication of this commit would be refused:',
        '- /en/news/new-desk links to /en/no-such-page, which is not on the site',
        '',
      ].join('\n'),
    );
  });
});
