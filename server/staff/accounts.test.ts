// The back office's accounts (issue #16): the sign-in limit per address, a passkey or challenge
// made up, revoking a member and inviting one. The rest of its security: app.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffTestApp } from '../testing/staff-app.ts';
import { securedStaffApp, SAME } from '../testing/staff-security-app.ts';
import type { StaffApp } from './app.ts';

const secured = securedStaffApp();
let staff: StaffTestApp;
let app: StaffApp;
beforeAll(() => {
  ({ staff } = secured);
  ({ app } = staff);
});
const member = (id: string, role: 'agent' | 'admin') => staff.member(id, role);
const sessionOf = (memberId: string, at?: Date) => staff.sessionOf(memberId, at);

describe('sign-in', () => {
  it('is limited per address, with a translated message', async () => {
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/staff/api/sign-in/options',
        headers: { ...SAME, 'accept-language': 'fr-BE', 'x-forwarded-for': '192.0.2.7' },
        remoteAddress: '127.0.0.1',
      });
    for (let index = 0; index < 3; index++) expect((await attempt()).statusCode).toBe(200);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'rate_limited',
      message: 'Trop de tentatives. Attendez quelques minutes et réessayez.',
    });
  });

  it('refuses an unknown passkey and a made-up challenge', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/staff/api/sign-in/verify',
      headers: { ...SAME, 'x-forwarded-for': '192.0.2.8' },
      remoteAddress: '127.0.0.1',
      payload: { challengeId: 'made-up', response: { id: 'nope' } },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
describe('staff management', () => {
  it('revokes a member: every session of theirs ends at once; nobody revokes themselves', async () => {
    await member('agent-2', 'agent');
    const agent = await sessionOf('agent-2');
    const admin = await sessionOf('admin-1');
    const revoke = (id: string) =>
      app.inject({
        method: 'POST',
        url: `/staff/members/${id}/revoke`,
        headers: { cookie: admin.cookie, ...SAME },
        payload: { csrf: admin.csrf },
      });
    expect(
      (await app.inject({ url: '/staff', headers: { cookie: agent.cookie } })).statusCode,
    ).toBe(200);
    const self = await revoke('admin-1');
    expect(self.statusCode).toBe(422);
    expect(self.body).toContain('You cannot revoke yourself. Ask another administrator.');
    const done = await revoke('agent-2');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('agent-2 is revoked: their sessions ended at once.');
    expect(
      (await app.inject({ url: '/staff', headers: { cookie: agent.cookie } })).statusCode,
    ).toBe(401);
    const sessions = await app.staffStorage.db
      .selectFrom('staff_sessions')
      .select('token_hash')
      .where('member_id', '=', 'agent-2')
      .execute();
    expect(sessions).toEqual([]);
  });

  it('invites from the page: the link is shown once, the database keeps only its hash', async () => {
    const admin = await sessionOf('admin-1');
    const invite = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/staff/members/invite',
        headers: { cookie: admin.cookie, ...SAME },
        payload: { csrf: admin.csrf, email, role: 'admin', lang: 'de' },
      });
    const wrong = await invite('not an address');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('Write an e-mail address, such as name@example.be.');
    expect(wrong.body).toContain('value="not an address"');
    const made = await invite('new.admin@example.be');
    expect(made.statusCode).toBe(200);
    const link = /http:\/\/localhost:8081\/staff\/enrol\?lang=de#token=([\w-]{43})/.exec(made.body);
    expect(link).not.toBeNull();
    const rows = await app.staffStorage.db
      .selectFrom('staff_invitations')
      .selectAll()
      .where('email', '=', 'new.admin@example.be')
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(link?.[1]);
    expect(rows[0]).toMatchObject({ role: 'admin', lang: 'de', used_at: null });
  });
});
