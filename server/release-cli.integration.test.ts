// `npm run release` end to end (issue 46), on a local bare repository of ~120 pages and the real
// build: publish makes the pushed commit live and the running Node server and nginx (deploy/nginx,
// root RELEASES_DIR/current) serve it at once; a
// broken link keeps the live release, is reported and e-mailed through the outbox; rollback
// serves the previous release byte for byte; list shows the releases and the refusal. Builds:
// one from nothing, then a few that keep most pages (the build cache under RELEASES_DIR/cache).
import { spawnSync, type ChildProcess } from 'node:child_process';
import { readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { pendingMail } from './publishing/publish-outbox.ts';
import { makeEditorsRepo } from './testing/editors-repo.ts';
import { freePort } from './testing/free-port.ts';
import { nginxFolder, runNginx, siteConf } from './testing/nginx.ts';

const root = resolve(import.meta.dirname, '..');
const repo = makeEditorsRepo('release-cli-test');
const releasesDir = join(repo.dir, 'releases');

/** Runs `npm run release -- …`'s program. */
const release = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'server/release-cli.ts'), ...args], {
    cwd: root,
    env: {
      ...process.env,
      RELEASES_DIR: releasesDir,
      SITE_URL: 'http://localhost:8080',
      SMTP_URL: '',
      RELEASES_KEEP: '10',
    },
    encoding: 'utf8',
  });

let app: FastifyInstance;
let nginx: ChildProcess | undefined;
let origin = '';
let nginxOrigin = '';
const get = async (path: string, from = origin) => {
  const response = await fetch(`${from}${path}`);
  return { status: response.status, body: await response.text() };
};

/** deploy/nginx/site.conf over plain HTTP with RELEASES_DIR/current as its root, started. */
async function startNginx(api: string): Promise<void> {
  const conf = await nginxFolder(repo.dir);
  const port = await freePort();
  const site = siteConf({
    port,
    dist: join(releasesDir, 'current'),
    api,
    accessLog: join(conf, 'access.log'),
  });
  writeFileSync(join(conf, 'site.conf'), site);
  nginx = await runNginx(conf, ['include /etc/nginx/mime.types;', 'include site.conf;'], 64);
  nginxOrigin = `http://127.0.0.1:${String(port)}`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${nginxOrigin}/`, { redirect: 'manual' }).catch(() => null)) return;
    await sleep(50);
  }
}

describe('npm run release', { timeout: 300_000 }, () => {
  beforeAll(() => {
    repo.edit('site.yaml', (text) => `${text}publishing:\n  notify: web-team@example.be\n`);
  });
  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await app.close();
    rmSync(repo.dir, { recursive: true, force: true });
  });

  let first = '';
  let second = '';
  let firstPage = '';

  it('publishes the branch, prints the commit that is live, and the Node server and nginx serve RELEASES_DIR/current', async () => {
    first = repo.push('First version');
    const result = release('publish', '--repository', repo.bare, '--branch', 'main');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^Live: ${first} \\(main, \\d+ pages, release \\d{8}T\\d{9}Z-${first.slice(0, 12)}\\)\\.\\n$`,
      ),
    );
    expect(readlinkSync(join(releasesDir, 'current'))).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\/site$/);
    app = await createApp({ distDir: join(releasesDir, 'current'), logLevel: 'warn' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    origin = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
    const page = await get('/en/first-steps');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1');
    firstPage = page.body;
    await startNginx(origin);
    expect(await get('/en/first-steps', nginxOrigin)).toEqual({ status: 200, body: firstPage });
  });

  it('publishes a changed page, which the same Node server and nginx serve without a restart', async () => {
    repo.edit('pages/first-steps.en.md', (text) =>
      text.replace(/^title: .*$/m, 'title: First steps after an attack (changed)'),
    );
    second = repo.push('Change the title of First steps');
    const result = release('publish', '--repository', repo.bare);
    expect(result.stdout).toContain(`Live: ${second} (main,`);
    const page = await get('/en/first-steps');
    expect(page.body).toContain('First steps after an attack (changed)');
    expect(page.body).not.toBe(firstPage);
    expect((await get('/en/first-steps', nginxOrigin)).body).toBe(page.body);
  });

  it('keeps the live release when a page links to no page, says which, and e-mails the editors', async () => {
    repo.edit(
      'pages/first-steps.en.md',
      (text) => `${text}\nSee [the old page](/en/no-such-page).\n`,
    );
    const broken = repo.push('Link to a page that does not exist');
    const result = release('publish', '--repository', repo.bare);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `Not published (${broken.slice(0, 12)}); the live release stays`,
    );
    expect(result.stderr).toContain(
      '/en/first-steps links to /en/no-such-page, which is not on the site',
    );
    expect(result.stderr).toContain('The editors are told at web-team@example.be.');
    expect((await get('/en/first-steps')).body).toContain('(changed)');
    const mail = [...(await pendingMail(releasesDir)).values()];
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe('web-team@example.be');
    expect(mail[0]?.subject).toBe(
      `Publication refused: the site still shows the previous version (${broken.slice(0, 12)})`,
    );
    expect(mail[0]?.text).toContain(
      '- /en/first-steps links to /en/no-such-page, which is not on the site',
    );
  });

  it('lists the releases kept, the live one starred, and the refused publication', () => {
    const result = release('list');
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^\\* ${second.slice(0, 12)}  \\S+  Editor One  \\d+ pages  Change the title of First steps$`,
      ),
    );
    expect(lines[1]).toMatch(
      new RegExp(`^  ${first.slice(0, 12)}  \\S+  Editor One  \\d+ pages  First version$`),
    );
    expect(result.stdout).toContain('Refused on ');
    expect(result.stdout).toContain('/en/first-steps links to /en/no-such-page');
  });

  it('keeps the live release when the build refuses the content, and names the file', async () => {
    const live = readlinkSync(join(releasesDir, 'current'));
    repo.edit('pages/first-steps.en.md', (text) => text.replace(/^title: .*$/m, "title: ''"));
    const broken = repo.push('Empty the title of First steps');
    const result = release('publish', '--repository', repo.bare);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `Not published (${broken.slice(0, 12)}); the live release stays ${live.split('/')[0] ?? ''}:\n  the build refused the content: `,
    );
    expect(result.stderr).toContain('first-steps.en.md');
    expect(readlinkSync(join(releasesDir, 'current'))).toBe(live);
    expect((await get('/en/first-steps')).body).toContain('(changed)');
    expect(
      release('list')
        .stdout.split('\n')
        .filter((line) => / pages /.test(line)),
    ).toHaveLength(2);
  });

  it('rolls back to the previous release at once, byte for byte, and forward to a named commit', async () => {
    const back = release('rollback');
    expect(back.stdout).toMatch(new RegExp(`^Live: ${first} \\(release `));
    expect((await get('/en/first-steps')).body).toBe(firstPage);
    expect((await get('/en/first-steps', nginxOrigin)).body).toBe(firstPage);
    const forward = release('rollback', second.slice(0, 7));
    expect(forward.stdout).toMatch(new RegExp(`^Live: ${second} `));
    expect((await get('/en/first-steps')).body).toContain('(changed)');
    expect((await get('/en/first-steps', nginxOrigin)).body).toContain('(changed)');
    const unknown = release('rollback', 'abcdef0');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe(
      'no release kept has the commit abcdef0 (npm run release -- list)\n',
    );
  });
});
