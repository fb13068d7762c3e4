// The back office's security (issue #16): every route's access, sessions, same-origin and CSRF,
// downloads, redirects, export and deletion (the sign-in limit and members: accounts.test.ts).
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormsConfig } from '../forms/config.ts';
import { STAFF_TEST_ORIGIN as ORIGIN, type StaffTestApp } from '../testing/staff-app.ts';
import { securedStaffApp, SAME, writeSubmission } from '../testing/staff-security-app.ts';
import type { StaffApp } from './app.ts';
import { installGuard } from './guard.ts';
import { normalizeReference } from '../forms/reference.ts';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from './sessions.ts';

const secured = securedStaffApp();
let staff: StaffTestApp;
let app: StaffApp;
let config: FormsConfig;
beforeAll(() => {
  ({ staff } = secured);
  ({ app, config } = staff);
});
const sessionOf = (memberId: string, at?: Date) => staff.sessionOf(memberId, at);
const submission = (id: string, file?: { token: string; body: string; name: string }) =>
  writeSubmission(staff, id, file);

const concrete = (url: string) =>
  url
    .replace(':id', 'admin-1')
    .replace(':ref', 'AAAA-BBBB-CC')
    .replace(':token', 'tok-html')
    .replace(':hash', 'no-such-invitation')
    .replace(':name', 'staff.css');

describe('every declared route', () => {
  it('answers 401 without a session, unless it is one of the open ones', async () => {
    const closed = app.staffRoutes.filter((route) => route.access !== 'public');
    expect(closed.length).toBe(30);
    for (const route of closed) {
      const response = await app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: SAME,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    const open = app.staffRoutes
      .filter((route) => route.access === 'public')
      .map((route) => route.url);
    expect(open.sort()).toEqual([
      '/staff/api/enrol/options',
      '/staff/api/enrol/verify',
      '/staff/api/sign-in/options',
      '/staff/api/sign-in/verify',
      '/staff/assets/:name',
      '/staff/enrol',
      '/staff/sign-in',
    ]);
  });

  it('answers 403 to an agent on every administrators’ route', async () => {
    const { cookie, csrf } = await sessionOf('agent-1');
    const adminRoutes = app.staffRoutes.filter((route) => route.access === 'admin');
    expect(adminRoutes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'GET /staff/audit',
      'GET /staff/audit/export',
      'GET /staff/export',
      'GET /staff/members',
      'GET /staff/templates',
      'POST /staff/invitations/:hash/cancel',
      'POST /staff/members/:id/revoke',
      'POST /staff/members/:id/role',
      'POST /staff/members/invite',
      'POST /staff/submissions/:ref/delete',
      'POST /staff/templates',
      'POST /staff/templates/:id/delete',
    ]);
    for (const route of adminRoutes) {
      const response = await app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { ...SAME, cookie },
        ...(route.method === 'POST' ? { payload: { csrf, confirm: 'yes' } } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('cannot be registered without a declared access', async () => {
    const bare = Fastify();
    await bare.register(fastifyCookie);
    installGuard(bare, {
      db: app.staffStorage.db,
      origin: ORIGIN,
      refuse: () => Promise.resolve(null),
    });
    expect(() => bare.get('/staff/forgot', () => Promise.resolve('open'))).toThrow(
      'staff route GET /staff/forgot declares no access',
    );
    await bare.close();
  });
});

describe('a state change', () => {
  const take = (headers: Record<string, string>, payload?: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/staff/submissions/AAAA-BBBB-CC/take',
      headers,
      ...(payload ? { payload } : {}),
    });

  it('is refused from another site, from a tool without Origin, and without the CSRF token', async () => {
    const { cookie, csrf } = await sessionOf('agent-1');
    expect((await take({ cookie, 'sec-fetch-site': 'cross-site' }, { csrf })).statusCode).toBe(403);
    expect((await take({ cookie, origin: 'https://evil.example' }, { csrf })).statusCode).toBe(403);
    expect((await take({ cookie }, { csrf })).statusCode).toBe(403);
    expect((await take({ cookie, ...SAME }, {})).statusCode).toBe(403);
    expect((await take({ cookie, ...SAME }, { csrf: `${csrf.slice(1)}x` })).statusCode).toBe(403);
    const other = await sessionOf('admin-1');
    expect((await take({ cookie, ...SAME }, { csrf: other.csrf })).statusCode).toBe(403);
    const done = await take({ cookie, ...SAME }, { csrf });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/staff/submissions/AAAA-BBBB-CC?done=taken');
  });
});

describe('sessions', () => {
  const inbox = (cookie: string) => app.inject({ url: '/staff', headers: { cookie } });

  it('end after 30 idle minutes, and 12 hours after sign-in even when in use', async () => {
    const idle = await sessionOf('agent-1', new Date(Date.now() - SESSION_IDLE_MS - 1000));
    expect((await inbox(idle.cookie)).statusCode).toBe(401);
    const fresh = await sessionOf('agent-1', new Date(Date.now() - SESSION_IDLE_MS + 60_000));
    expect((await inbox(fresh.cookie)).statusCode).toBe(200);
    const old = await sessionOf('agent-1', new Date(Date.now() - SESSION_MAX_MS - 1000));
    await app.staffStorage.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: new Date().toISOString() })
      .execute();
    expect((await inbox(old.cookie)).statusCode).toBe(401);
  });

  it('end at sign-out, and all of a member’s at once when they are revoked', async () => {
    const first = await sessionOf('agent-1');
    const second = await sessionOf('agent-1');
    const out = await app.inject({
      method: 'POST',
      url: '/staff/sign-out',
      headers: { cookie: first.cookie, ...SAME },
      payload: { csrf: first.csrf },
    });
    expect(out.statusCode).toBe(303);
    expect(out.headers['set-cookie']).toMatch(/^__Host-staff-session=;/);
    expect((await inbox(first.cookie)).statusCode).toBe(401);
    expect((await inbox(second.cookie)).statusCode).toBe(200);
    await app.staffStorage.db
      .updateTable('staff_members')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', 'agent-1')
      .execute();
    expect((await inbox(second.cookie)).statusCode).toBe(401);
    await app.staffStorage.db
      .updateTable('staff_members')
      .set({ revoked_at: null })
      .where('id', '=', 'agent-1')
      .execute();
  });

  it('keep only a hash of their token in the database', async () => {
    const { token } = await sessionOf('agent-1');
    const rows = await app.staffStorage.db.selectFrom('staff_sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('an attachment', () => {
  it('is a download that no browser renders, whatever it holds', async () => {
    const { cookie } = await sessionOf('agent-1');
    const response = await app.inject({
      url: '/staff/submissions/AAAA-BBBB-CC/files/tok-html',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<script>alert(1)</script>');
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="page.html"; filename*=UTF-8''page.html`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('is reached only through its own submission', async () => {
    await submission('DDDD-EEEE-FF');
    const { cookie } = await sessionOf('agent-1');
    for (const url of [
      '/staff/submissions/DDDD-EEEE-FF/files/tok-html',
      '/staff/submissions/AAAA-BBBB-CC/files/..%2F..%2Fsite.db',
      '/staff/submissions/AAAA-BBBB-CC/files/nope',
    ]) {
      expect((await app.inject({ url, headers: { cookie } })).statusCode, url).toBe(404);
    }
  });
});

describe('redirects', () => {
  it('after a language change go back to a back-office page only, never to another site', async () => {
    const { cookie, csrf } = await sessionOf('admin-1');
    const change = (referer: string) =>
      app.inject({
        method: 'POST',
        url: '/staff/language',
        headers: { cookie, ...SAME, referer },
        payload: { csrf, lang: 'nl' },
      });
    const cases: [string, string][] = [
      [`${ORIGIN}/staff?status=new`, '/staff?status=new'],
      ['https://evil.example/staff', '/staff'],
      [`${ORIGIN}//evil.example/staff`, '/staff'],
      [`${ORIGIN}/en/contacts`, '/staff'],
      ['not a url', '/staff'],
    ];
    for (const [referer, location] of cases) {
      expect((await change(referer)).headers.location, referer).toBe(location);
    }
    const page = await app.inject({ url: '/staff', headers: { cookie } });
    expect(page.body).toContain('<h1>Inbox</h1>');
    expect(page.body).toContain('<html lang="nl">');
    await app.staffStorage.db.updateTable('staff_members').set({ lang: 'en' }).execute();
  });
});

describe('administrators', () => {
  it('export a form’s list as CSV with ";", and the audit log says who did', async () => {
    const { cookie } = await sessionOf('admin-1');
    const response = await app.inject({
      url: '/staff/export?form=contact&format=csv',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="submissions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body).toContain('"AAAA-BBBB-CC";');
    expect(response.body).toContain('"secret AAAA-BBBB-CC"');
    const line = await app.staffStorage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'exported')
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({
      member_id: 'admin-1',
      detail: 'csv, 2 rows; filters: form contact',
      submission_id: null,
    });
  });

  it('delete a submission only once confirmed; its files go, the audit line keeps no content', async () => {
    await submission('GGGG-HHHH-JJ', { token: 'tok-erase', body: 'erase me', name: 'a.txt' });
    const { cookie, csrf } = await sessionOf('admin-1');
    const remove = (payload: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/staff/submissions/GGGG-HHHH-JJ/delete',
        headers: { cookie, ...SAME },
        payload: { csrf, ...payload },
      });
    const unconfirmed = await remove({});
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.body).toContain('Tick the confirmation before deleting.');
    const done = await remove({ confirm: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/staff?deleted=GGGG-HHHH-JJ');
    const { db } = app.staffStorage;
    expect(
      await db.selectFrom('submissions').select('id').where('id', '=', 'GGGG-HHHH-JJ').execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('uploads').select('token').where('token', '=', 'tok-erase').execute(),
    ).toEqual([]);
    await expect(stat(join(config.uploadDir, 'tok-erase'))).rejects.toThrow('ENOENT');
    const lines = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('submission_id', '=', 'GGGG-HHHH-JJ')
      .execute();
    // The refusal showed the submission whole: a reading, audited (issue #39 item 2).
    expect(lines.map((line) => [line.action, line.detail])).toEqual([
      ['viewed', ''],
      ['deleted', ''],
    ]);
    expect((await remove({ confirm: 'yes' })).statusCode).toBe(404);
  });
});
describe('a reference read out on the phone', () => {
  it('is found however it is typed', () => {
    expect(normalizeReference('k7qd m2xa 9f')).toBe('K7QD-M2XA-9F');
    expect(normalizeReference(' K7QD-M2XA-9F ')).toBe('K7QD-M2XA-9F');
    expect(normalizeReference('o1lI-0000-00')).toBe('0111-0000-00');
    expect(normalizeReference('K7QD-M2XA')).toBeNull();
    expect(normalizeReference('K7QD-M2XA-9U')).toBeNull();
    expect(normalizeReference("'; drop table--")).toBeNull();
  });
});
