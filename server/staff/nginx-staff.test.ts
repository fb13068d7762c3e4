// deploy/nginx/staff.conf in front of a real back office, in Debian's nginx: only /staff is
// served, only for its own host name, only to the allowed network, with small bodies.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ROOT, type TestApp } from '../testing/forms-app.ts';
import { freePort } from '../testing/free-port.ts';
import { rawRequest } from '../testing/raw-http.ts';
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
  const block = (await readFile(join(ROOT, 'deploy/nginx/staff.conf'), 'utf8'))
    .replaceAll('GUICHET_STAFF', `http://127.0.0.1:${String(staffPort)}`)
    .replaceAll('server_name desk.example.be;', 'server_name localhost;');
  // The same blocks twice: as written (loopback allowed), and as seen from outside the network.
  const listen = (port: number) => `listen 127.0.0.1:${String(port)}`;
  const asWritten = block.replaceAll('listen 127.0.0.1:8443', listen(allowed));
  const fromOutside = block
    .replaceAll('listen 127.0.0.1:8443', listen(outside))
    .replace(/^\s*allow .*$/gm, '');
  await writeFile(join(conf, 'staff.conf'), `${asWritten}\n${fromOutside}`);
  nginx = await runNginx(conf, ['include staff.conf;'], 64);
  for (let i = 0; i < 100; i++) {
    if ((await get(allowed, '/staff').catch(() => null)) !== null) return;
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

/** A request to nginx for the back office's host name (STAFF_ORIGIN), or `host`. */
const get = (port: number, path: string, host = 'localhost') =>
  rawRequest(port, path, { headers: { host } });

describe('deploy/nginx/staff.conf', () => {
  it('passes the back office’s paths, and nothing else', async () => {
    const inbox = await get(allowed, '/staff');
    expect(inbox.status).toBe(401);
    expect(inbox.body).toContain('<h1>Sign in</h1>');
    expect((await get(allowed, '/staff/assets/staff.css')).status).toBe(200);
    for (const path of ['/', '/en', '/api/health', '/api/forms/contact', '/stafff']) {
      expect((await get(allowed, path)).status, path).toBe(404);
    }
  });

  it('answers only the host name of STAFF_ORIGIN: another one (DNS rebinding) gets 421', async () => {
    for (const host of ['evil.example', `127.0.0.1:${String(allowed)}`, 'localhost.evil.example']) {
      const answer = await get(allowed, '/staff/sign-in', host);
      expect(answer.status, host).toBe(421);
      // nginx's own answer: nothing of the back office's.
      expect(answer.body, host).not.toContain('Sign in');
    }
  });

  it('refuses every address outside the allowed network', async () => {
    for (const path of ['/staff', '/staff/sign-in', '/staff/assets/staff.css']) {
      expect((await get(outside, path)).status, path).toBe(403);
    }
  });

  it('refuses a body larger than the back office’s forms need', async () => {
    const response = await rawRequest(allowed, '/staff/sign-out', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      body: `text=${'x'.repeat(100 * 1024)}`,
    });
    expect(response.status).toBe(413);
  });
});
