// deploy/nginx/staff.conf in front of a real back office, in Debian's nginx: only /staff is
// served, only to the allowed network, with small bodies.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ROOT, type TestApp } from '../testing/forms-app.ts';
import { freePort } from '../testing/free-port.ts';
import { nginxFolder, runNginx } from '../testing/nginx.ts';
import { createStaffApp, type StaffApp } from './app.ts';

let dir: string;
let forms: TestApp;
let staff: StaffApp;
let nginx: ChildProcess | undefined;
let allowed = 0;
let outside = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guichet-staff-nginx-'));
  forms = await createTestApp();
  staff = await createStaffApp({
    forms: forms.config,
    origin: 'http://localhost:8443',
    logLevel: 'silent',
  });
  await staff.listen({ port: 0, host: '127.0.0.1' });
  const address = staff.server.address();
  const staffPort = typeof address === 'object' && address ? address.port : 0;
  const conf = await nginxFolder(dir);
  allowed = await freePort();
  outside = await freePort();
  const block = (await readFile(join(ROOT, 'deploy/nginx/staff.conf'), 'utf8')).replaceAll(
    'GUICHET_STAFF',
    `http://127.0.0.1:${String(staffPort)}`,
  );
  // The same block twice: as written (loopback allowed), and as seen from outside the network.
  const asWritten = block.replace('listen 127.0.0.1:8443;', `listen 127.0.0.1:${String(allowed)};`);
  const fromOutside = block
    .replace('listen 127.0.0.1:8443;', `listen 127.0.0.1:${String(outside)};`)
    .replace(/^\s*allow .*$/gm, '');
  await writeFile(join(conf, 'staff.conf'), `${asWritten}\n${fromOutside}`);
  nginx = await runNginx(conf, ['include staff.conf;'], 64);
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`http://127.0.0.1:${String(allowed)}/staff`).catch(() => null)) !== null)
      return;
    await sleep(50);
  }
  throw new Error('nginx did not start');
}, 30_000);

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await staff.close();
  await forms.close();
  await rm(dir, { recursive: true, force: true });
});

describe('deploy/nginx/staff.conf', () => {
  it('passes the back office’s paths, and nothing else', async () => {
    const base = `http://127.0.0.1:${String(allowed)}`;
    const inbox = await fetch(`${base}/staff`);
    expect(inbox.status).toBe(401);
    expect(await inbox.text()).toContain('<h1>Sign in</h1>');
    expect((await fetch(`${base}/staff/assets/staff.css`)).status).toBe(200);
    for (const path of ['/', '/en', '/api/health', '/api/forms/contact', '/stafff']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    }
  });

  it('refuses every address outside the allowed network', async () => {
    const base = `http://127.0.0.1:${String(outside)}`;
    for (const path of ['/staff', '/staff/sign-in', '/staff/assets/staff.css']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(403);
    }
  });

  it('refuses a body larger than the back office’s forms need', async () => {
    const response = await fetch(`http://127.0.0.1:${String(allowed)}/staff/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `text=${'x'.repeat(100 * 1024)}`,
    });
    expect(response.status).toBe(413);
  });
});
