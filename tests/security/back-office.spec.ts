// Attack suite, the desk's back office (issue #39), replayed on the Node server and through nginx
// with deploy/nginx/staff.conf: another host name (DNS rebinding), a revocation undone by an
// older invitation, reading without an audit line, a file name that lies about its type, and
// the last administrator. The servers run in this worker, on free ports, on a temporary database.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { enrol } from '../../server/staff/members.ts';
import {
  createTestApp,
  ROOT,
  submitWithFile,
  type TestApp,
} from '../../server/testing/forms-app.ts';
import { freePort } from '../../server/testing/free-port.ts';
import { nginxFolder, runNginx } from '../../server/testing/nginx.ts';
import { createStaffTestApp, type StaffTestApp } from '../../server/testing/staff-app.ts';
import { rawRequest } from './raw-http.ts';

test.describe.configure({ mode: 'serial' });

let dir: string;
let forms: TestApp;
let staff: StaffTestApp;
let nginx: ChildProcess | undefined;
const ports: number[] = [];
let reference = '';
let token = '';

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guichet-staff-attacks-'));
  forms = await createTestApp();
  const nodePort = await freePort();
  const nginxPort = await freePort();
  // Behind nginx on this machine, as deploy/ runs it (TRUSTED_PROXIES=127.0.0.1).
  staff = await createStaffTestApp({
    config: forms.config,
    origin: `http://localhost:${String(nodePort)}`,
    trustedProxies: ['127.0.0.1'],
  });
  await staff.app.listen({ port: nodePort, host: '127.0.0.1' });
  const conf = await nginxFolder(dir);
  const block = (await readFile(join(ROOT, 'deploy/nginx/staff.conf'), 'utf8'))
    .replaceAll('listen 127.0.0.1:8443', `listen 127.0.0.1:${String(nginxPort)}`)
    .replaceAll('server_name desk.example.be;', 'server_name localhost;')
    .replaceAll('GUICHET_STAFF', `http://127.0.0.1:${String(nodePort)}`);
  await writeFile(join(conf, 'staff.conf'), block);
  nginx = await runNginx(conf, ['include staff.conf;'], 64);
  ports.push(nodePort, nginxPort);
  for (let attempt = 0; attempt < 100; attempt++) {
    const up = await rawRequest(nginxPort, '/staff/sign-in', { headers: { host: 'localhost' } })
      .then(() => true)
      .catch(() => false);
    if (up) break;
    await sleep(50);
  }
  await staff.member('agent-1', 'agent');
  await staff.member('admin-1', 'admin');
  // A visitor's submission with a file whose name hides its type behind a bidi override.
  ({ token, reference } = await submitWithFile(forms.app, 'invoice\u202Efdp.txt', 'a letter\n', {
    message: 'the name of my neighbour',
  }));
});

test.afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await staff.close();
  await forms.close();
  await rm(dir, { recursive: true, force: true });
});

/** A request for the back office's own host name, with a member's session if given. */
async function ask(
  port: number,
  target: string,
  options: {
    method?: string;
    member?: string;
    headers?: Record<string, string>;
    form?: Record<string, string>;
  } = {},
) {
  const session = options.member ? await staff.sessionOf(options.member) : undefined;
  const body = options.form
    ? new URLSearchParams({ csrf: session?.csrf ?? '', ...options.form }).toString()
    : undefined;
  return rawRequest(port, target, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers: {
      host: `localhost:${String(port)}`,
      ...(session ? { cookie: session.cookie } : {}),
      ...(body
        ? {
            'content-type': 'application/x-www-form-urlencoded',
            'sec-fetch-site': 'same-origin',
          }
        : {}),
      ...options.headers,
    },
    ...(body ? { body } : {}),
  });
}

/** The audit lines written while `act` runs: action and detail. */
async function auditedDuring(act: () => Promise<unknown>): Promise<string[]> {
  const { db } = staff.app.staffStorage;
  const count = async () => (await db.selectFrom('audit_log').select('id').execute()).length;
  const before = await count();
  await act();
  const lines = await db.selectFrom('audit_log').selectAll().orderBy('at').execute();
  return lines.slice(before).map((line) => `${line.action} ${line.detail}`.trim());
}

for (const [server, name] of ['Node server', 'nginx'].entries()) {
  test.describe(name, () => {
    const port = () => ports[server] ?? 0;

    test('another host name (DNS rebinding) gets 421, whatever X-Forwarded-Host says', async () => {
      const rebound: Record<string, string>[] = [
        { host: 'evil.example' },
        { host: 'evil.example', 'x-forwarded-host': 'localhost' },
        { host: `127.0.0.1:${String(port())}` },
      ];
      for (const headers of rebound) {
        const answer = await ask(port(), '/staff/sign-in', { headers });
        expect(answer.status, JSON.stringify(headers)).toBe(421);
        expect(answer.body).not.toContain('<h1>Sign in</h1>');
      }
      expect((await ask(port(), '/staff/sign-in')).status).toBe(200);
    });

    test('a link made before a revocation does not bring the member back', async () => {
      const email = `bob-${String(server)}@example.be`;
      const links: string[] = [];
      for (let index = 0; index < 2; index++) {
        const made = await ask(port(), '/staff/members/invite', {
          member: 'admin-1',
          form: { email, role: 'agent', lang: 'en' },
        });
        links.push(/#token=([\w-]{43})/.exec(made.body)?.[1] ?? '');
      }
      const passkey = {
        id: `bob-key-${String(server)}`,
        publicKey: 'AQID',
        counter: 0,
        transports: [],
      };
      const enrolled = await enrol(
        staff.app.staffStorage.db,
        links[0] ?? '',
        `Bob ${String(server)}`,
        passkey,
      );
      if (!('memberId' in enrolled)) throw new Error('Bob did not enrol');
      const revoked = await ask(port(), `/staff/members/${enrolled.memberId}/revoke`, {
        member: 'admin-1',
        form: {},
      });
      expect(revoked.status).toBe(200);
      // The second link, made before the revocation, as the enrolment page would use it.
      const second = await rawRequest(port(), '/staff/api/enrol/options', {
        method: 'POST',
        headers: {
          host: `localhost:${String(port())}`,
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
        },
        body: JSON.stringify({ token: links[1], name: `Bob ${String(server)}` }),
      });
      expect(second.status).toBe(410);
      expect(JSON.parse(second.body)).toEqual({
        error: 'invitation',
        message:
          'This invitation link is not valid: it was already used or is older than 24 hours. Ask an administrator for a new one.',
      });
    });

    test('every answer that shows a submission is audited; a HEAD, which sends nothing, is not', async () => {
      expect(
        await auditedDuring(async () => {
          const note = await ask(port(), `/staff/submissions/${reference}/notes`, {
            member: 'agent-1',
            form: { text: '' },
          });
          expect(note.status).toBe(422);
          expect(note.body).toContain('the name of my neighbour');
        }),
      ).toEqual(['viewed']);
      expect(
        await auditedDuring(async () => {
          for (const target of [
            `/staff/submissions/${reference}`,
            `/staff/submissions/${reference}/files/${token}`,
          ]) {
            const head = await ask(port(), target, { method: 'HEAD', member: 'agent-1' });
            expect(head.status, target).toBe(200);
          }
        }),
      ).toEqual([]);
      expect(await auditedDuring(() => ask(port(), '/staff/audit', { member: 'admin-1' }))).toEqual(
        ['viewed audit log'],
      );
    });

    test('a file name cannot pass for another type: the bidi override is gone', async () => {
      const download = await ask(port(), `/staff/submissions/${reference}/files/${token}`, {
        member: 'agent-1',
      });
      expect(download.status).toBe(200);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="invoicefdp.txt"; filename*=UTF-8''invoicefdp.txt`,
      );
      expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    });

    test('the last administrator cannot step down', async () => {
      const demote = await ask(port(), '/staff/members/admin-1/role', {
        member: 'admin-1',
        form: { role: 'agent' },
      });
      expect(demote.status).toBe(422);
      expect(demote.body).toContain(
        'At least one administrator must remain. Make another member administrator first.',
      );
    });
  });
}
