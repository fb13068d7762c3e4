// Sign-in with the organisation's account (issue #39 item 6), through a real OpenID Connect
// provider (oidc-provider): an address the provider does not say it verified opens nothing, and
// a member is bound to the provider's subject (`sub`) at their first sign-in, so that another
// subject with the same address is refused from then on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.ts';
import {
  OIDC_CLIENT,
  startProvider,
  throughProvider,
  type TestProvider,
} from '../testing/oidc-provider.ts';
import { createStaffTestApp, STAFF_TEST_ORIGIN, type StaffTestApp } from '../testing/staff-app.ts';
import { invite } from './invitations.ts';
import { SESSION_COOKIE } from './sessions.ts';

const ACCOUNTS = {
  olivia: { email: 'olivia@desk.example.be', email_verified: true, name: 'Olivia Org' },
  // Another person at the provider, given the same address (reassigned, or a second tenant).
  'olivia-twin': { email: 'olivia@desk.example.be', email_verified: true, name: 'Not Olivia' },
  victor: { email: 'victor@desk.example.be', email_verified: false, name: 'Victor' },
  // No email_verified at all: not verified either.
  nina: { email: 'nina@desk.example.be', name: 'Nina' },
};

let provider: TestProvider;
let staff: StaffTestApp;
beforeAll(async () => {
  provider = await startProvider(
    await freePort(),
    `${STAFF_TEST_ORIGIN}/staff/oidc/callback`,
    ACCOUNTS,
  );
  staff = await createStaffTestApp({ oidc: { issuer: provider.issuer, ...OIDC_CLIENT } });
  const { db } = staff.app.staffStorage;
  for (const email of [
    'olivia@desk.example.be',
    'victor@desk.example.be',
    'nina@desk.example.be',
  ]) {
    await invite(db, { email, role: 'agent', lang: 'en' });
  }
});
afterAll(async () => {
  await staff.close();
  await provider.close();
});

/** Signs in through the provider as `login`: the back office's answer to the callback. */
async function signIn(login: string) {
  const start = await staff.app.inject({ url: '/staff/oidc/start' });
  expect(start.statusCode).toBe(303);
  const pending = start.cookies.find((cookie) => cookie.name === '__Host-staff-oidc');
  const back = await throughProvider(start.headers.location ?? '', login);
  expect(back.origin + back.pathname).toBe(`${STAFF_TEST_ORIGIN}/staff/oidc/callback`);
  const answer = await staff.app.inject({
    url: back.pathname + back.search,
    headers: { cookie: `__Host-staff-oidc=${pending?.value ?? ''}` },
  });
  const session = answer.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  return { answer, session: session?.value ?? null };
}

const NOT_VERIFIED =
  'Your organisation did not confirm that this e-mail address is yours, so it cannot open the back office. Ask your organisation’s IT desk, or sign in with a passkey.';

describe('an organisation account', () => {
  it('whose address the provider does not say it verified opens nothing, even when invited', async () => {
    for (const login of ['victor', 'nina']) {
      const { answer, session } = await signIn(login);
      expect(answer.statusCode, login).toBe(403);
      expect(answer.body).toContain(NOT_VERIFIED);
      expect(session).toBeNull();
    }
    const { db } = staff.app.staffStorage;
    const members = await db.selectFrom('staff_members').select('email').execute();
    expect(members).toEqual([]);
  });

  it('binds its member to the provider’s subject: another subject with the same address is refused', async () => {
    const first = await signIn('olivia');
    expect(first.answer.statusCode).toBe(200);
    expect(first.session).not.toBeNull();
    const { db } = staff.app.staffStorage;
    const member = await db
      .selectFrom('staff_members')
      .select(['id', 'display_name', 'oidc_issuer', 'oidc_subject'])
      .where('email', '=', 'olivia@desk.example.be')
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({
      display_name: 'Olivia Org',
      oidc_issuer: provider.issuer,
      oidc_subject: 'olivia',
    });
    const twin = await signIn('olivia-twin');
    expect(twin.answer.statusCode).toBe(403);
    expect(twin.answer.body).toContain(
      'This back-office account was first used with another account of your organisation. Sign in with that one, or ask an administrator.',
    );
    expect(twin.session).toBeNull();
    const refused = await db
      .selectFrom('audit_log')
      .select(['member_id', 'detail'])
      .where('action', '=', 'sign-in-refused')
      .execute();
    expect(refused).toContainEqual({
      member_id: member.id,
      detail: 'organisation: another subject',
    });
    // The member's own subject still signs in.
    const again = await signIn('olivia');
    expect(again.answer.statusCode).toBe(200);
    expect(again.session).not.toBeNull();
  });
});
