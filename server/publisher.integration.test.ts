// The publisher service end to end (issue 46), as `npm run publisher` puts it together
// (publishing/publisher-service.ts) with a clock of the test's own, on a local bare repository
// of ~120 pages and the real build: a forged push builds nothing; a signed push is live on the
// Node server (the times are printed); two pushes during one build give two releases in order;
// a reader who navigates across those switches gets the new release whole (a full load, in
// Chromium); a scheduled news item appears when the clock reaches its time; a branch's preview shows a
// draft on the preview address (Node and deploy/nginx/preview.conf), never indexed, with its
// gates' failure on the status page, and not on the public site, whose release names the
// preview address only in the editor's configuration. Rollback and a refused link:
// release-cli.integration.test.ts. Builds: one from nothing, then five that keep most pages.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import {
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config/environment.ts';
import { brusselsInstant } from '../src/content/schedule.ts';
import { createApp } from './app.ts';
import { sourcePaths } from './publishing/git-source.ts';
import { createPreviewApp } from './publishing/preview-app.ts';
import type { PublishQueue } from './publishing/publish-queue.ts';
import { createPublisherService } from './publishing/publisher-service.ts';
import { listReleases } from './publishing/releases.ts';
import { makeEditorsRepo } from './testing/editors-repo.ts';
import { fakeClock } from './testing/fake-clock.ts';
import { freePort } from './testing/free-port.ts';
import { nginxFolder, runNginx } from './testing/nginx.ts';

const root = resolve(import.meta.dirname, '..');
const SECRET = 'a-webhook-secret-of-32-characters';
const repo = makeEditorsRepo('publisher-test');
const releasesDir = join(repo.dir, 'releases');

/** A Brussels YYYY-MM-DDTHH:MM two hours from now, as an editor types it. */
const inTwoHours = (): string => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Brussels',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(Date.now() + 2 * 3600_000));
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
};

// The real time, moved forward by hand: timers fire only when the test passes them.
const time = fakeClock();
const publishAt = inTwoHours();
const NEWS_PATH = '/en/news/jury-chosen-trial-22-march-2016-attacks';
const DRAFT_PATH = '/en/draft-preview-of-a-page';
let service: { app: FastifyInstance; queue: PublishQueue };
let hookUrl = '';
let site: FastifyInstance | undefined;
let preview: FastifyInstance;
let nginx: ChildProcess | undefined;
let origin = '';
let previewOrigin = '';
let nginxPreview = '';
let browser: Browser | undefined;
let reader: Page;
const previousPreviewOrigin = process.env.PREVIEW_ORIGIN;

const url = (app: FastifyInstance) => {
  const address = app.server.address();
  return `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
};
const get = async (path: string, from = origin) => {
  const response = await fetch(`${from}${path}`, { redirect: 'manual' });
  return { status: response.status, body: await response.text(), headers: response.headers };
};
/** A push webhook as GitHub sends it, signed with `secret`. */
const hook = (branch: string, secret = SECRET) => {
  const body = JSON.stringify({ ref: `refs/heads/${branch}`, head_commit: { message: 'Save' } });
  return fetch(hookUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    body,
  });
};
/** Milliseconds until `check` holds, polled every 100 ms (at most 5 minutes). */
async function msUntil(check: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  while (!(await check().catch(() => false))) {
    if (performance.now() - start > 300_000) throw new Error('waited 5 minutes');
    await sleep(100);
  }
  return Math.round(performance.now() - start);
}
const mirrorHead = () =>
  execFileSync('git', [`--git-dir=${sourcePaths(releasesDir).mirror}`, 'rev-parse', 'main'], {
    encoding: 'utf8',
  }).trim();

describe('the publisher service', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    const previewPort = await freePort();
    previewOrigin = `http://127.0.0.1:${String(previewPort)}`;
    // The builds (child processes) read it: the editor's configuration links to the previews.
    process.env.PREVIEW_ORIGIN = previewOrigin;
    for (const lang of ['nl', 'fr', 'de', 'en']) {
      const news = readFileSync(
        join(root, 'content/news', `brussels-trial-jury-2022.${lang}.md`),
        'utf8',
      );
      repo.write(
        `news/brussels-trial-jury-2022.${lang}.md`,
        news.replace(/^---\n/, `---\npublishAt: ${publishAt}\n`),
      );
    }
    const env = readEnvironment({
      ...process.env,
      RELEASES_DIR: releasesDir,
      PUBLISH_REPOSITORY: repo.bare,
      PUBLISH_SECRET: SECRET,
      SITE_URL: 'http://localhost:8080',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    });
    service = await createPublisherService({ env, secret: SECRET, root, clock: time.clock });
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    hookUrl = `${url(service.app)}/hooks/git`;
    preview = await createPreviewApp({ releasesDir, logLevel: 'warn' });
    await preview.listen({ port: previewPort, host: '127.0.0.1' });
  });
  afterAll(async () => {
    if (previousPreviewOrigin === undefined) delete process.env.PREVIEW_ORIGIN;
    else process.env.PREVIEW_ORIGIN = previousPreviewOrigin;
    nginx?.kill('SIGQUIT');
    await browser?.close();
    service.queue.stop();
    await Promise.all([service.app.close(), site?.close(), preview.close()]);
    rmSync(repo.dir, { recursive: true, force: true });
  });

  it('builds nothing for a forged push, then publishes a signed one, which the Node server serves', async () => {
    const first = repo.push('First version');
    const forged = await hook('main', 'another-secret-of-32-characters!');
    expect(forged.status).toBe(401);
    await service.queue.idle();
    expect(await listReleases(releasesDir)).toEqual([]);
    expect(existsSync(releasesDir)).toBe(false);

    const start = performance.now();
    const signed = await hook('main');
    expect([signed.status, await signed.json()]).toEqual([202, { publishing: 'started' }]);
    await service.queue.idle();
    console.log(
      `publisher: first publication from nothing, webhook to live: ${String(Math.round(performance.now() - start))} ms`,
    );
    expect((await listReleases(releasesDir)).map((release) => release.commit)).toEqual([first]);
    site = await createApp({ distDir: join(releasesDir, 'current'), logLevel: 'warn' });
    await site.listen({ port: 0, host: '127.0.0.1' });
    origin = url(site);
    expect((await get('/en/first-steps')).status).toBe(200);
    // Before its time the scheduled news item is not built, and the timer waits for it.
    expect((await get(NEWS_PATH)).status).toBe(404);
    expect(time.pending()).toEqual([brusselsInstant(publishAt)]);
  });

  it('names the preview address nowhere in the public release but in the editor configuration', () => {
    const release = readlinkSync(join(releasesDir, 'current'));
    const dir = join(releasesDir, release);
    const naming = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter(
        (entry) =>
          entry.isFile() &&
          readFileSync(join(entry.parentPath, entry.name)).includes(previewOrigin),
      )
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
    expect(naming).toEqual(['admin/config.yml']);
    expect(readFileSync(join(dir, 'admin/config.yml'), 'utf8')).toContain(
      `site_url: ${previewOrigin}\n`,
    );
  });

  it('makes a one-page change live on the running Node server, timed from the webhook', async () => {
    repo.edit('pages/first-steps.en.md', (text) =>
      text.replace(/^title: .*$/m, 'title: First steps after an attack (changed)'),
    );
    const second = repo.push('Change the title of First steps');
    const start = performance.now();
    expect((await hook('main')).status).toBe(202);
    await msUntil(async () => (await get('/en/first-steps')).body.includes('(changed)'));
    console.log(
      `publisher: one-page change, webhook to served: ${String(Math.round(performance.now() - start))} ms`,
    );
    await service.queue.idle();
    expect((await listReleases(releasesDir))[0]?.commit).toBe(second);
    // A reader on this release, whose main menu names "(changed)": the next test switches twice.
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    reader = await browser.newPage();
    await reader.goto(`${origin}/en`);
    await reader.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // Evaluated in the page (the server's lint has no browser globals).
    await reader.evaluate("window.sameDocument = 'kept'");
    expect(await reader.content()).toContain('(changed)');
  });

  it('builds two pushes that arrive during one build as two releases, in order', async () => {
    repo.edit('pages/first-steps.en.md', (text) => text.replace('(changed)', '(push A)'));
    const a = repo.push('Push A');
    expect(await (await hook('main')).json()).toEqual({ publishing: 'started' });
    await msUntil(() => Promise.resolve(mirrorHead() === a));
    repo.edit('pages/first-steps.en.md', (text) => text.replace('(push A)', '(push B)'));
    const b = repo.push('Push B');
    expect(await (await hook('main')).json()).toEqual({ publishing: 'queued' });
    await service.queue.idle();
    const releases = await listReleases(releasesDir);
    expect(releases.slice(0, 2).map((release) => release.commit)).toEqual([b, a]);
    expect(releases[0]?.publishedAt.localeCompare(releases[1]?.publishedAt ?? '')).toBe(1);
    expect((await get('/en/first-steps')).body).toContain('(push B)');

    // The reader opened /en two releases ago and now follows a link: the new release's build hash
    // makes it a full load (docs/runtime.md), so the page and its menu are both push B's, never
    // push B's page inside the old menu.
    await reader.evaluate(
      "const link = document.createElement('a'); link.href = '/en/central-desk'; link.id = 'added-link'; link.textContent = 'added link'; document.querySelector('main').append(link);",
    );
    await reader.click('#added-link');
    await reader.waitForURL(`${origin}/en/central-desk`);
    await reader.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await reader.evaluate('window.sameDocument')).toBe(undefined);
    const html = await reader.content();
    expect(html).toContain('(push B)');
    expect(html).not.toContain('(changed)');
  });

  it('publishes the scheduled news item by itself when the clock reaches its time', async () => {
    const before = (await listReleases(releasesDir)).length;
    time.advanceTo(brusselsInstant(publishAt) - 60_000);
    await service.queue.idle();
    expect((await listReleases(releasesDir)).length).toBe(before);
    time.advanceTo(brusselsInstant(publishAt));
    await service.queue.idle();
    expect((await listReleases(releasesDir)).length).toBe(before + 1);
    const news = await get(NEWS_PATH);
    expect(news.status).toBe(200);
    expect(news.body).toContain('Jury chosen');
    expect(time.pending()).toEqual([]);
  });

  it('shows a branch’s draft on the preview address, never indexed, with what a publication would refuse, and not on the public site', async () => {
    const english = readFileSync(join(repo.content, 'pages/first-steps.en.md'), 'utf8')
      .replace(/^title: .*$/m, 'title: A draft seen only in the preview')
      .replace(/^path: .*$/m, `path: ${DRAFT_PATH}`);
    repo.write('pages/draft-preview.en.md', `${english}\nSee [the old page](/en/no-such-page).\n`);
    for (const lang of ['nl', 'fr', 'de']) {
      const text = readFileSync(join(repo.content, `pages/first-steps.${lang}.md`), 'utf8');
      repo.write(
        `pages/draft-preview.${lang}.md`,
        text.replace(/^path: (\/\w\w\/).*$/m, `path: $1draft-preview-of-a-page`),
      );
    }
    const draft = repo.push('A draft page', 'cms/pages/draft-preview');
    const answer = await hook('cms/pages/draft-preview');
    expect(await answer.json()).toEqual({
      previewing: 'started',
      branch: 'cms/pages/draft-preview',
    });
    await service.queue.idle();

    const shown = await get(DRAFT_PATH, previewOrigin);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('A draft seen only in the preview');
    expect(shown.body).toContain(`${previewOrigin}${DRAFT_PATH}`);
    expect(shown.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await get('/robots.txt', previewOrigin)).body).toBe('User-agent: *\nDisallow: /\n');
    expect((await get('/_preview', previewOrigin)).body).toContain(
      `Preview of the branch cms/pages/draft-preview, commit ${draft}`,
    );
    expect((await get('/_preview', previewOrigin)).body).toContain(
      `A publication of this commit would be refused:\n- ${DRAFT_PATH} links to /en/no-such-page, which is not on the site\n`,
    );
    expect((await get(DRAFT_PATH)).status).toBe(404);
    expect((await listReleases(releasesDir))[0]?.commit).not.toBe(draft);

    // deploy/nginx/preview.conf in front of it: the same page, marked once; robots.txt its own.
    const conf = await nginxFolder(repo.dir);
    const port = await freePort();
    writeFileSync(
      join(conf, 'preview.conf'),
      readFileSync(join(root, 'deploy/nginx/preview.conf'), 'utf8')
        .replace('listen 127.0.0.1:8444;', `listen 127.0.0.1:${String(port)};`)
        .replaceAll('GUICHET_PREVIEW', previewOrigin),
    );
    nginx = await runNginx(conf, ['include /etc/nginx/mime.types;', 'include preview.conf;'], 64);
    nginxPreview = `http://127.0.0.1:${String(port)}`;
    await msUntil(async () => (await get('/robots.txt', nginxPreview)).status === 200);
    const proxied = await get(DRAFT_PATH, nginxPreview);
    expect([proxied.status, proxied.body]).toEqual([200, shown.body]);
    expect(proxied.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const robots = await get('/robots.txt', nginxPreview);
    expect([robots.body, robots.headers.get('x-robots-tag')]).toEqual([
      'User-agent: *\nDisallow: /\n',
      'noindex, nofollow',
    ]);
    const posted = await fetch(`${nginxPreview}${DRAFT_PATH}`, { method: 'POST', body: 'x' });
    expect([posted.status, posted.headers.get('x-robots-tag')]).toEqual([403, 'noindex, nofollow']);
    expect((await get('/api/forms/contact', nginxPreview)).status).toBe(404);
  });
});
