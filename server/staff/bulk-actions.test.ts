// The inbox's bulk actions (issue 42, server/staff/bulk-actions.ts and the POST /staff/bulk of
// routes/inbox.ts) through the back office: a status and a handler for the selected rows, each
// audited as the single action, back to the list with "3 submissions changed."; and what an
// attacker would try (no CSRF token, another site, 51 ids, unknown ids, a revoked member, a
// status that is none, a list that points elsewhere), refused with nothing half-done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';

const SAME = { 'sec-fetch-site': 'same-origin' };
let staff: StaffTestApp;
const IDS = ['CASE-0000-01', 'CASE-0000-02', 'CASE-0000-03', 'CASE-0000-04'];

const rows = async () =>
  Object.fromEntries(
    (
      await staff.app.staffStorage.db
        .selectFrom('submissions')
        .select(['id', 'status', 'assignee_id'])
        .orderBy('id')
        .execute()
    ).map((row) => [row.id, `${row.status} ${row.assignee_id ?? '-'}`]),
  );

const auditLines = async () =>
  (
    await staff.app.staffStorage.db
      .selectFrom('audit_log')
      .select(['member_id', 'action', 'submission_id', 'detail'])
      .where('action', 'in', ['status', 'assigned'])
      .orderBy('at')
      .orderBy('id')
      .execute()
  )
    .map((line) => `${line.submission_id} ${line.member_id} ${line.action} ${line.detail}`)
    // Lines of the same millisecond: by case, "assigned" before "status".
    .sort();

/** POST /staff/bulk as `memberId` from the back office's page, form-encoded, ids repeated. */
async function bulk(
  memberId: string,
  fields: [string, string][],
  { csrf: withCsrf = true, headers = SAME }: { csrf?: boolean | string; headers?: object } = {},
) {
  const { cookie, csrf } = await staff.sessionOf(memberId);
  const token = typeof withCsrf === 'string' ? withCsrf : csrf;
  const body = new URLSearchParams([...(withCsrf ? [['csrf', token]] : []), ...fields]);
  return staff.app.inject({
    method: 'POST',
    url: '/staff/bulk',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: body.toString(),
  });
}

const ids = (...list: string[]) => list.map((id): [string, string] => ['ids', id]);

beforeAll(async () => {
  staff = await createStaffTestApp();
  await staff.member('agent-1', 'agent');
  await staff.member('agent-2', 'agent');
  await staff.member('gone-1', 'agent');
  const { db } = staff.app.staffStorage;
  await db
    .updateTable('staff_members')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', 'gone-1')
    .execute();
  for (const [index, id] of IDS.entries()) {
    await db
      .insertInto('submissions')
      .values({
        id,
        form_id: 'contact',
        lang: 'nl',
        data: '{}',
        created_at: `2026-03-0${index + 1}T10:00:00.000Z`,
        topic: null,
        status: index === 3 ? 'answered' : 'new',
      })
      .execute();
  }
});

afterAll(async () => {
  await staff.close();
});

describe('refused bulk actions change nothing', () => {
  it('refuses without the CSRF token, with a forged one, from another site, and signed out', async () => {
    const fields: [string, string][] = [...ids('CASE-0000-01'), ['status', 'closed']];
    expect((await bulk('agent-1', fields, { csrf: false })).statusCode).toBe(403);
    expect((await bulk('agent-1', fields, { csrf: 'forged' })).statusCode).toBe(403);
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    expect((await bulk('agent-1', fields, { headers: crossSite })).statusCode).toBe(403);
    const evil = { origin: 'https://evil.example' };
    expect((await bulk('agent-1', fields, { headers: evil })).statusCode).toBe(403);
    const anonymous = await staff.app.inject({
      method: 'POST',
      url: '/staff/bulk',
      headers: SAME,
      payload: { ids: 'CASE-0000-01', status: 'closed' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await rows())['CASE-0000-01']).toBe('new -');
  });

  it('refuses 51 ids, unknown ids (named), a revoked member, a status that is none', async () => {
    const many = Array.from(
      { length: 51 },
      (_, index) => `CASE-0000-${String(index).padStart(2, '0')}`,
    );
    const tooMany = await bulk('agent-1', [...ids(...many), ['status', 'closed']]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Nothing was changed: select at most 50 submissions at once.');

    const unknown = await bulk('agent-1', [
      ...ids('CASE-0000-01', 'ZZZZ-0000-01', 'CASE-0000-02', 'ZZZZ-0000-02'),
      ['status', 'closed'],
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain(
      'Nothing was changed: these 2 selected submissions no longer exist (deleted in the meantime?): ZZZZ-0000-01, ZZZZ-0000-02. Select again.',
    );
    // What was selected stays selected.
    const checked = [...unknown.body.matchAll(/<input type="checkbox"[^>]*>/g)]
      .filter(([tag]) => tag.includes(' checked=""') && tag.includes('name="ids"'))
      .map(([tag]) => /value="([^"]+)"/.exec(tag)?.[1]);
    expect(checked.sort()).toEqual(['CASE-0000-01', 'CASE-0000-02']);

    const revoked = await bulk('agent-1', [...ids('CASE-0000-01'), ['member', 'gone-1']]);
    expect(revoked.statusCode).toBe(422);
    expect(revoked.body).toContain('Nothing was changed: this member can no longer handle cases.');
    const madeUp = await bulk('agent-1', [...ids('CASE-0000-01'), ['member', '__proto__']]);
    expect(madeUp.statusCode).toBe(422);

    const notAStatus = await bulk('agent-1', [...ids('CASE-0000-01'), ['status', 'deleted']]);
    expect(notAStatus.statusCode).toBe(422);
    expect(notAStatus.body).toContain('Nothing was changed: choose a status from the list.');

    const none = await bulk('agent-1', [['status', 'closed']]);
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('Select at least one submission in the list.');
    const nothing = await bulk('agent-1', ids('CASE-0000-01'));
    expect(nothing.statusCode).toBe(422);
    expect(nothing.body).toContain('Choose a status or a member to hand them to.');

    expect(await rows()).toEqual({
      'CASE-0000-01': 'new -',
      'CASE-0000-02': 'new -',
      'CASE-0000-03': 'new -',
      'CASE-0000-04': 'answered -',
    });
    expect(await auditLines()).toEqual([]);
  });
});

describe('a bulk action', () => {
  it('sets the status of each selected row, audited row by row, and goes back to the list', async () => {
    const list = '/staff?status=new&sort=date&dir=asc';
    const done = await bulk('agent-1', [
      ['list', list],
      ...ids('CASE-0000-01', 'CASE-0000-02', 'CASE-0000-03', 'CASE-0000-02'),
      ['status', 'closed'],
    ]);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${list}&changed=3`);
    expect(await auditLines()).toEqual([
      'CASE-0000-01 agent-1 status new → closed',
      'CASE-0000-02 agent-1 status new → closed',
      'CASE-0000-03 agent-1 status new → closed',
    ]);
    const { cookie } = await staff.sessionOf('agent-1');
    const page = await staff.app.inject({ url: done.headers.location ?? '', headers: { cookie } });
    expect(page.body).toContain('<p role="status" class="done">3 submissions changed.</p>');
  });

  it('hands the rows to a member (a new one becomes in progress), the chosen status winning', async () => {
    const done = await bulk('agent-1', [
      ...ids('CASE-0000-03', 'CASE-0000-04'),
      ['member', 'agent-2'],
      ['status', 'answered'],
    ]);
    expect(done.statusCode).toBe(303);
    // No list posted: the inbox.
    expect(done.headers.location).toBe('/staff?changed=2');
    expect(await rows()).toMatchObject({
      'CASE-0000-03': 'answered agent-2',
      'CASE-0000-04': 'answered agent-2',
    });
    expect(await auditLines()).toEqual([
      'CASE-0000-01 agent-1 status new → closed',
      'CASE-0000-02 agent-1 status new → closed',
      'CASE-0000-03 agent-1 assigned agent-2',
      'CASE-0000-03 agent-1 status closed → answered',
      'CASE-0000-03 agent-1 status new → closed',
      'CASE-0000-04 agent-1 assigned agent-2',
    ]);
    const again = await bulk('agent-1', [...ids('CASE-0000-04'), ['member', 'agent-2']]);
    expect(again.headers.location).toBe('/staff?changed=0');
  });

  it('goes back only to an inbox address: any other list is dropped', async () => {
    for (const list of [
      '//evil.example',
      'https://evil.example/staff',
      '/staff/../x',
      '/staff/..%2Fx',
      '%2F%2Fevil.example',
      '/staff?status=new&next=//evil.example',
      '/staff?status=new#x',
      '/\\evil.example',
    ]) {
      const done = await bulk('agent-1', [
        ['list', list],
        ...ids('CASE-0000-04'),
        ['status', 'closed'],
      ]);
      expect(done.headers.location, list).toMatch(/^\/staff\?changed=[01]$/);
    }
  });
});
