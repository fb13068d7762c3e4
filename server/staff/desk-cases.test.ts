// The desk's actions on a case (issue 42, server/staff/desk-cases.ts and routes/desk-cases.ts)
// through the back office's routes: giving a case to a colleague (and the refusals an attacker
// would try), taking over another member's case only once asked, duplicates both ways with
// their refusals and undo, and the e-mail a member given a case receives (no content).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConversationMail } from '../follow-up/mail.ts';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';
import { startSink } from '../testing/smtp-sink.ts';
import { assignSubmission } from './desk-cases.ts';
import { isStaffLanguage, staffTranslator } from './messages.ts';

const SAME = { 'sec-fetch-site': 'same-origin' };
let staff: StaffTestApp;

async function submission(id: string, status = 'new') {
  await staff.app.staffStorage.db
    .insertInto('submissions')
    .values({
      id,
      form_id: 'contact',
      lang: 'nl',
      data: '{}',
      created_at: new Date().toISOString(),
      topic: null,
      status,
    })
    .execute();
}

const row = (id: string) =>
  staff.app.staffStorage.db
    .selectFrom('submissions')
    .select(['status', 'assignee_id', 'duplicate_of', 'duplicate_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const auditOf = async (id: string) =>
  (
    await staff.app.staffStorage.db
      .selectFrom('audit_log')
      .select(['member_id', 'action', 'detail'])
      .where('submission_id', '=', id)
      .where('action', '!=', 'viewed')
      .orderBy('at')
      .orderBy('id')
      .execute()
  ).map((line) => `${line.member_id ?? ''} ${line.action} ${line.detail}`.trim());

/** A POST from the back office's own page as `memberId`, with their CSRF token unless given. */
async function post(memberId: string, url: string, payload: Record<string, string>) {
  const { cookie, csrf } = await staff.sessionOf(memberId);
  return staff.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...SAME },
    payload: { csrf, ...payload },
  });
}

beforeAll(async () => {
  // SMTP_URL set: an assignment queues the new handler's e-mail.
  staff = await createStaffTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:1' } });
  await staff.member('agent-1', 'agent');
  await staff.member('agent-2', 'agent');
  await staff.member('admin-1', 'admin');
  await staff.member('gone-1', 'agent');
  await staff.app.staffStorage.db
    .updateTable('staff_members')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', 'gone-1')
    .execute();
  for (const id of ['AAAA-0000-01', 'AAAA-0000-02', 'BBBB-0000-01', 'BBBB-0000-02']) {
    await submission(id);
  }
  await submission('BBBB-0000-03', 'in_progress');
});

afterAll(async () => {
  await staff.close();
});

describe('giving a case to a colleague', () => {
  it('hands it over, makes a new case in progress, audits who gave it to whom, queues their e-mail', async () => {
    const done = await post('agent-1', '/staff/submissions/AAAA-0000-01/assign', {
      member: 'agent-2',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/staff/submissions/AAAA-0000-01?done=assigned');
    expect(await row('AAAA-0000-01')).toMatchObject({
      status: 'in_progress',
      assignee_id: 'agent-2',
    });
    expect(await auditOf('AAAA-0000-01')).toEqual(['agent-1 assigned agent-2']);
    const mail = await staff.app.staffStorage.db
      .selectFrom('conversation_mail')
      .select(['kind', 'recipient', 'message_id'])
      .where('submission_id', '=', 'AAAA-0000-01')
      .execute();
    expect(mail).toEqual([{ kind: 'assigned', recipient: 'agent-2', message_id: null }]);
    const { cookie } = await staff.sessionOf('agent-1');
    const page = await staff.app.inject({ url: done.headers.location, headers: { cookie } });
    expect(page.body).toContain('The case is now handled by agent-2.');
    expect(page.body).toContain('agent-1 gave it to agent-2');
  });

  it('refuses a revoked member, an unknown id, and a made-up one, changing nothing', async () => {
    for (const member of ['gone-1', 'nobody-here', '__proto__', '']) {
      const refused = await post('admin-1', '/staff/submissions/AAAA-0000-02/assign', { member });
      expect(refused.statusCode, member).toBe(422);
      expect(refused.body).toContain(
        'Choose a member of staff from the list: this one cannot handle cases.',
      );
    }
    expect(await row('AAAA-0000-02')).toMatchObject({ status: 'new', assignee_id: null });
    expect(await auditOf('AAAA-0000-02')).toEqual([]);
    expect(await assignSubmission(staff.app.staffStorage.db, 'AAAA-0000-02', 'gone-1', 'a')).toBe(
      'no-member',
    );
  });

  it('answers 404 for an unknown case, 403 without the CSRF token or from another site', async () => {
    expect(
      (await post('agent-1', '/staff/submissions/ZZZZ-0000-00/assign', { member: 'agent-2' }))
        .statusCode,
    ).toBe(404);
    const { cookie, csrf } = await staff.sessionOf('agent-1');
    const attempt = (headers: Record<string, string>, payload: Record<string, string>) =>
      staff.app.inject({
        method: 'POST',
        url: '/staff/submissions/AAAA-0000-02/assign',
        headers: { cookie, ...headers },
        payload: { member: 'agent-1', ...payload },
      });
    expect((await attempt(SAME, {})).statusCode).toBe(403);
    expect((await attempt(SAME, { csrf: 'forged' })).statusCode).toBe(403);
    expect((await attempt({ 'sec-fetch-site': 'cross-site' }, { csrf })).statusCode).toBe(403);
    expect((await attempt({ origin: 'https://evil.example' }, { csrf })).statusCode).toBe(403);
    const anonymous = await staff.app.inject({
      method: 'POST',
      url: '/staff/submissions/AAAA-0000-02/assign',
      headers: SAME,
      payload: { member: 'agent-1' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await row('AAAA-0000-02')).toMatchObject({ assignee_id: null });
  });

  it('sends the new handler a link and no content, in their language', async () => {
    const sink = await startSink();
    const { db, dialect } = staff.app.staffStorage;
    const mailer = startConversationMail(
      { db, dialect },
      {
        smtpUrl: sink.url,
        staffOrigin: 'https://desk.example.be',
        masterKey: staff.config.masterKey,
        intervalMs: 60_000,
        staffText: (lang) => staffTranslator(isStaffLanguage(lang) ? lang : 'en'),
      },
    );
    try {
      expect(await mailer.flush()).toBe(1);
    } finally {
      await mailer.stop();
      await sink.close();
    }
    expect(sink.received.map((mail) => mail.to)).toEqual([['agent-2@example.be']]);
    const data = sink.received[0]?.data.replace(/=\r?\n/g, '') ?? '';
    expect(data).toContain('Subject: A case for you: AAAA-0000-01');
    expect(data).toContain('https://desk.example.be/staff/submissions/AAAA-0000-01');
    expect(data).toContain('this e-mail does not contain what the visitor wrote');
  });
});

describe('taking over another member’s case', () => {
  it('asks first, and again if someone else took it meanwhile; the history says from whom', async () => {
    await post('agent-2', '/staff/submissions/BBBB-0000-03/take', {});
    expect((await row('BBBB-0000-03')).assignee_id).toBe('agent-2');
    const asked = await post('agent-1', '/staff/submissions/BBBB-0000-03/take', {});
    expect(asked.statusCode).toBe(409);
    expect(asked.body).toContain('agent-2 handles this case. Do you take it over?');
    expect(asked.body).toContain('name="from" value="agent-2"');
    const stale = await post('agent-1', '/staff/submissions/BBBB-0000-03/take', {
      confirm: 'yes',
      from: 'admin-1',
    });
    expect(stale.statusCode).toBe(409);
    expect((await row('BBBB-0000-03')).assignee_id).toBe('agent-2');
    const done = await post('agent-1', '/staff/submissions/BBBB-0000-03/take', {
      confirm: 'yes',
      from: 'agent-2',
    });
    expect(done.statusCode).toBe(303);
    expect((await row('BBBB-0000-03')).assignee_id).toBe('agent-1');
    expect(await auditOf('BBBB-0000-03')).toEqual(['agent-2 taken', 'agent-1 taken agent-2']);
    const { cookie } = await staff.sessionOf('agent-2');
    const page = await staff.app.inject({
      url: '/staff/submissions/BBBB-0000-03',
      headers: { cookie },
    });
    expect(page.body).toContain('agent-1 took it over from agent-2');
    // Its handler is someone else now: "Take over", a question that changes nothing yet.
    expect(page.body).toContain('<button type="submit">Take over</button>');
    expect(page.body).not.toContain('>Take it</button>');
    const question = await staff.app.inject({
      url: '/staff/submissions/BBBB-0000-03?ask=take-over',
      headers: { cookie },
    });
    expect(question.body).toContain('agent-1 handles this case. Do you take it over?');
    // The CSRF token as a header and no body at all: asked, not an error.
    const { cookie: bare, csrf } = await staff.sessionOf('agent-2');
    for (const url of ['take', 'assign', 'duplicate']) {
      const response = await staff.app.inject({
        method: 'POST',
        url: `/staff/submissions/BBBB-0000-03/${url}`,
        headers: { cookie: bare, ...SAME, 'x-csrf-token': csrf },
      });
      expect(response.statusCode, url).toBe(url === 'take' ? 409 : 422);
    }
    expect((await row('BBBB-0000-03')).assignee_id).toBe('agent-1');
  });
});

describe('a duplicate', () => {
  it('is marked by a reference read out, closed, linked both ways, and undone to its status', async () => {
    await post('agent-1', '/staff/submissions/BBBB-0000-02/take', {});
    const done = await post('agent-1', '/staff/submissions/BBBB-0000-02/duplicate', {
      reference: 'bbbb oooo o1',
    });
    expect(done.statusCode).toBe(303);
    expect(await row('BBBB-0000-02')).toMatchObject({
      status: 'closed',
      duplicate_of: 'BBBB-0000-01',
      duplicate_status: 'in_progress',
    });
    const { cookie } = await staff.sessionOf('agent-1');
    const copy = await staff.app.inject({ url: done.headers.location, headers: { cookie } });
    expect(copy.body).toContain('Marked as a duplicate of BBBB-0000-01: the case is closed.');
    expect(copy.body).toContain(
      '<dd><a href="/staff/submissions/BBBB-0000-01">BBBB-0000-01</a></dd>',
    );
    const original = await staff.app.inject({
      url: '/staff/submissions/BBBB-0000-01',
      headers: { cookie },
    });
    expect(original.body).toContain(
      '<h3>Duplicates of this case</h3><ul><li><a href="/staff/submissions/BBBB-0000-02">BBBB-0000-02</a></li></ul>',
    );
    const undone = await post('agent-1', '/staff/submissions/BBBB-0000-02/duplicate/undo', {});
    expect(undone.headers.location).toBe('/staff/submissions/BBBB-0000-02?done=not-duplicate');
    expect(await row('BBBB-0000-02')).toMatchObject({
      status: 'in_progress',
      duplicate_of: null,
      duplicate_status: null,
    });
    expect(await auditOf('BBBB-0000-02')).toEqual([
      'agent-1 taken',
      'agent-1 duplicate BBBB-0000-01',
      'agent-1 not-duplicate BBBB-0000-01',
    ]);
  });

  it('refuses itself, what is no reference, an unknown one, a chain and a cycle, keeping what was typed', async () => {
    await post('agent-1', '/staff/submissions/BBBB-0000-02/duplicate', {
      reference: 'BBBB-0000-01',
    });
    const refusals: [string, string, string][] = [
      ['BBBB-0000-01', 'bbbb-0000-01', 'A case cannot be a duplicate of itself'],
      ['BBBB-0000-01', 'K7QD', 'A reference has 10 letters and digits'],
      ['BBBB-0000-01', 'ZZZZ 0000 00', 'No submission has the reference ZZZZ-0000-00.'],
      // A chain: BBBB-0000-02 is itself a duplicate of BBBB-0000-01.
      [
        'AAAA-0000-02',
        'BBBB-0000-02',
        'BBBB-0000-02 is itself a duplicate of BBBB-0000-01: mark this case as a duplicate of BBBB-0000-01.',
      ],
      // A cycle: BBBB-0000-01 has a duplicate, so it cannot become one.
      ['BBBB-0000-01', 'BBBB-0000-02', 'BBBB-0000-02 is itself a duplicate of BBBB-0000-01'],
      ['BBBB-0000-01', 'AAAA-0000-02', 'Other cases are duplicates of this one'],
    ];
    for (const [id, reference, error] of refusals) {
      const refused = await post('agent-1', `/staff/submissions/${id}/duplicate`, { reference });
      expect(refused.statusCode, `${id} ${reference}`).toBe(422);
      expect(refused.body).toContain(error);
      expect(refused.body).toContain(`value="${reference}"`);
    }
    expect(await row('BBBB-0000-01')).toMatchObject({ duplicate_of: null });
    expect(await row('AAAA-0000-02')).toMatchObject({ duplicate_of: null, status: 'new' });
    expect(
      (
        await post('agent-1', '/staff/submissions/ZZZZ-0000-00/duplicate', {
          reference: 'BBBB-0000-01',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await post('agent-1', '/staff/submissions/ZZZZ-0000-00/duplicate/undo', {})).statusCode,
    ).toBe(404);
  });
});

describe('the overview', () => {
  it('opens for an agent, as the inbox does, and counts what is open', async () => {
    const { cookie } = await staff.sessionOf('agent-1');
    const page = await staff.app.inject({ url: '/staff/overview', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Overview</h1>');
    expect(page.body).toMatch(/<th scope="row">All forms<\/th><td>\d+<\/td>/);
    expect(page.body).toContain('role="img" aria-labelledby="chart-title"');
  });
});
