// Staff accounts under attack (issue #39 items 1, 7 and 8): a revocation is not undone by an
// invitation made before it, only by a new one, which the audit log says; administrators see and
// cancel pending invitations; no two members share a display name; at least one administrator
// always remains, also when two demote each other at the same moment (PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster } from '../testing/pg-cluster.ts';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';
import { invite, openInvitation, pendingInvitations } from './invitations.ts';
import { changeRole, enrol, passkeyForSignIn, revokeMember, type NewPasskey } from './members.ts';

const SAME = { 'sec-fetch-site': 'same-origin' };
const passkey = (id: string): NewPasskey => ({ id, publicKey: 'AQID', counter: 0, transports: [] });

let postgres: PostgresCluster | undefined;
let staff: StaffTestApp;
beforeAll(async () => {
  postgres = await startPostgres();
  staff = await createStaffTestApp();
  await staff.member('admin-1', 'admin');
}, 60_000);
afterAll(async () => {
  await staff.close();
  await postgres?.stop();
});

const post = async (memberId: string, url: string, payload: Record<string, string> = {}) => {
  const { cookie, csrf } = await staff.sessionOf(memberId);
  return staff.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...SAME },
    payload: { csrf, ...payload },
  });
};

describe('a revoked member', () => {
  it('cannot come back with an invitation made before the revocation; only a new one readmits, audited', async () => {
    const { db } = staff.app.staffStorage;
    const lang = 'en' as const;
    const first = await invite(db, { email: 'bob@example.be', role: 'agent', lang });
    const second = await invite(db, { email: 'Bob@example.be', role: 'admin', lang });
    const enrolled = await enrol(db, first.token, 'Bob', passkey('bob-key-1'));
    if (!('memberId' in enrolled)) throw new Error('Bob did not enrol');
    const bob = enrolled.memberId;
    expect(await revokeMember(db, bob)).toBe('done');
    // The second link, made before the revocation, opens nothing now.
    expect(await openInvitation(db, second.token)).toBeNull();
    expect(await enrol(db, second.token, 'Bob', passkey('bob-key-2'))).toEqual({
      refused: 'invitation',
    });
    const member = await db
      .selectFrom('staff_members')
      .select(['revoked_at', 'role'])
      .where('id', '=', bob)
      .executeTakeFirstOrThrow();
    expect(member.revoked_at).not.toBeNull();
    expect(member.role).toBe('agent');
    expect(await passkeyForSignIn(db, 'bob-key-1')).toBeNull();
    // An administrator's new invitation is the way back: the audit log says so twice.
    const made = await post('admin-1', '/staff/members/invite', {
      email: 'bob@example.be',
      role: 'agent',
      lang: 'en',
    });
    expect(made.body).toContain(
      'This address belongs to a revoked member: when they use the link, they are back, with the role of the invitation.',
    );
    const token = /#token=([\w-]{43})/.exec(made.body)?.[1] ?? '';
    expect(await enrol(db, token, 'Bob', passkey('bob-key-3'))).toEqual({
      memberId: bob,
      readmitted: true,
    });
    expect((await passkeyForSignIn(db, 'bob-key-1'))?.member_id).toBe(bob);
    const invited = await db
      .selectFrom('audit_log')
      .select(['member_id', 'detail'])
      .where('action', '=', 'invited')
      .execute();
    expect(invited).toContainEqual({
      member_id: 'admin-1',
      detail: `agent bob@example.be readmits ${bob}`,
    });
  });
});

describe('pending invitations', () => {
  it('are listed on the Staff page and cancelled there; the link then opens nothing, audited', async () => {
    const { db } = staff.app.staffStorage;
    const { token } = await invite(db, { email: 'carol@example.be', role: 'admin', lang: 'fr' });
    const [pending] = (await pendingInvitations(db)).filter(
      (row) => row.email === 'carol@example.be',
    );
    if (!pending) throw new Error('no pending invitation');
    const { cookie } = await staff.sessionOf('admin-1');
    const page = await staff.app.inject({ url: '/staff/members', headers: { cookie } });
    expect(page.body).toContain('<h2 id="invitations">Pending invitations</h2>');
    expect(page.body).toContain(`action="/staff/invitations/${pending.token_hash}/cancel"`);
    expect(page.body).toContain('Cancel the invitation for carol@example.be');
    const cancelled = await post('admin-1', `/staff/invitations/${pending.token_hash}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain(
      'The invitation for carol@example.be is cancelled: its link no longer works.',
    );
    expect(cancelled.body).not.toContain('Cancel the invitation for carol@example.be');
    expect(await openInvitation(db, token)).toBeNull();
    expect(await enrol(db, token, 'Carol', passkey('carol-key'))).toEqual({
      refused: 'invitation',
    });
    expect(
      (await post('admin-1', `/staff/invitations/${pending.token_hash}/cancel`)).statusCode,
    ).toBe(404);
    const line = await db
      .selectFrom('audit_log')
      .select(['member_id', 'detail'])
      .where('action', '=', 'invitation-cancelled')
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ member_id: 'admin-1', detail: 'carol@example.be' });
  });
});

describe('a display name', () => {
  it('is one member’s only: another enrolment with it, however written, is refused with a translated message', async () => {
    const { db } = staff.app.staffStorage;
    const dave = await invite(db, { email: 'dave@example.be', role: 'agent', lang: 'nl' });
    expect(await enrol(db, dave.token, 'Anna  Peeters', passkey('dave-1'))).toMatchObject({
      readmitted: false,
    });
    const eve = await invite(db, { email: 'eve@example.be', role: 'agent', lang: 'nl' });
    for (const name of ['anna peeters', 'ANNA PEETERS\u200b', ' Anna\u00a0Peeters ']) {
      expect(await enrol(db, eve.token, name, passkey('eve-1'))).toEqual({ refused: 'name' });
    }
    // Refused before the device makes a passkey, in the page's language.
    const options = await staff.app.inject({
      method: 'POST',
      url: '/staff/api/enrol/options?lang=nl',
      headers: SAME,
      payload: { token: eve.token, name: 'anna peeters' },
    });
    expect(options.statusCode).toBe(409);
    expect(options.json()).toEqual({
      error: 'name',
      message:
        'Een andere medewerker heeft al de naam “anna peeters”. Schrijf uw naam zo dat collega’s u kunnen onderscheiden, bijvoorbeeld met uw familienaam.',
    });
    expect(await enrol(db, eve.token, 'Anna Peeters-Claes', passkey('eve-1'))).toMatchObject({
      readmitted: false,
    });
  });
});

describe('the last administrator', () => {
  it('can neither be demoted nor revoked, by themselves or anyone', async () => {
    const { db } = staff.app.staffStorage;
    await staff.member('agent-9', 'agent');
    const admins = await db
      .selectFrom('staff_members')
      .select('id')
      .where('role', '=', 'admin')
      .where('revoked_at', 'is', null)
      .execute();
    expect(admins.map((row) => row.id)).toEqual(['admin-1']);
    const demote = await post('admin-1', '/staff/members/admin-1/role', { role: 'agent' });
    expect(demote.statusCode).toBe(422);
    expect(demote.body).toContain(
      'At least one administrator must remain. Make another member administrator first.',
    );
    expect(await revokeMember(db, 'admin-1')).toBe('last-admin');
    // With a second administrator, one may step down; then the other is the last again.
    expect(await changeRole(db, 'agent-9', 'admin')).toBe('done');
    const stepDown = await post('admin-1', '/staff/members/admin-1/role', { role: 'agent' });
    expect(stepDown.statusCode).toBe(303);
    expect(await changeRole(db, 'agent-9', 'agent')).toBe('last-admin');
    expect(await changeRole(db, 'admin-1', 'admin')).toBe('done');
  });

  it('remains when two administrators demote each other at the same moment (PostgreSQL)', async () => {
    if (!postgres) throw new Error('no PostgreSQL cluster');
    const pg = await createStaffTestApp({
      config: { databaseUrl: await postgres.createDatabase('last_admin') },
    });
    try {
      await pg.member('admin-a', 'admin');
      await pg.member('admin-b', 'admin');
      const { db } = pg.app.staffStorage;
      for (let round = 0; round < 20; round++) {
        await db.updateTable('staff_members').set({ role: 'admin' }).execute();
        const results = await Promise.all([
          changeRole(db, 'admin-a', 'agent'),
          changeRole(db, 'admin-b', 'agent'),
        ]);
        expect(results.sort(), `round ${String(round)}`).toEqual(['done', 'last-admin']);
      }
      const left = await db
        .selectFrom('staff_members')
        .select('id')
        .where('role', '=', 'admin')
        .execute();
      expect(left).toHaveLength(1);
    } finally {
      await pg.close();
    }
  });
});
