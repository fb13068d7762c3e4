// The audit trail (issue #39 items 2 and 7): every answer that shows a submission's content is a
// "viewed" line, a HEAD that sends nothing is none; reading the audit log and the staff list are
// lines too; each line names the member by their immutable id and address, on the page and in
// the CSV export.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';

const SAME = { 'sec-fetch-site': 'same-origin' };
const REFERENCE = 'KKKK-MMMM-NN';
let staff: StaffTestApp;

beforeAll(async () => {
  staff = await createStaffTestApp();
  await staff.member('agent-1', 'agent');
  await staff.member('admin-1', 'admin');
  const { db } = staff.app.staffStorage;
  const now = new Date().toISOString();
  await db
    .insertInto('submissions')
    .values({
      id: REFERENCE,
      form_id: 'contact',
      lang: 'en',
      data: JSON.stringify({ topic: 'insurance', message: 'My neighbour’s name is in here' }),
      created_at: now,
      topic: 'insurance',
    })
    .execute();
  await writeFile(join(staff.config.uploadDir, 'tok-head'), 'the file');
  await db
    .insertInto('uploads')
    .values({
      token: 'tok-head',
      form_id: 'contact',
      field: 'attachments',
      file_name: 'file.txt',
      media_type: 'text/plain',
      size: 8,
      created_at: now,
      submission_id: REFERENCE,
    })
    .execute();
});
afterAll(async () => {
  await staff.close();
});

/** The audit lines written while `act` runs: action and detail. */
async function linesOf(act: () => Promise<unknown>): Promise<string[][]> {
  const { db } = staff.app.staffStorage;
  const before = new Set(
    (await db.selectFrom('audit_log').select('id').execute()).map((row) => row.id),
  );
  await act();
  const lines = await db.selectFrom('audit_log').selectAll().orderBy('at').execute();
  return lines
    .filter((line) => !before.has(line.id))
    .map((line) => [line.action, line.submission_id ?? '', line.detail]);
}

describe('reading a submission', () => {
  it('is audited by every answer that shows it: the 422 of an empty note and of an unconfirmed deletion', async () => {
    const agent = await staff.sessionOf('agent-1');
    const admin = await staff.sessionOf('admin-1');
    const emptyNote = () =>
      staff.app.inject({
        method: 'POST',
        url: `/staff/submissions/${REFERENCE}/notes`,
        headers: { cookie: agent.cookie, ...SAME },
        payload: { csrf: agent.csrf, text: '   ' },
      });
    expect(
      await linesOf(async () => {
        const answer = await emptyNote();
        expect(answer.statusCode).toBe(422);
        expect(answer.body).toContain('My neighbour’s name is in here');
      }),
    ).toEqual([['viewed', REFERENCE, '']]);
    const unconfirmed = () =>
      staff.app.inject({
        method: 'POST',
        url: `/staff/submissions/${REFERENCE}/delete`,
        headers: { cookie: admin.cookie, ...SAME },
        payload: { csrf: admin.csrf },
      });
    expect(
      await linesOf(async () => {
        const answer = await unconfirmed();
        expect(answer.statusCode).toBe(422);
        expect(answer.body).toContain('My neighbour’s name is in here');
      }),
    ).toEqual([['viewed', REFERENCE, '']]);
  });

  it('is not audited by a HEAD, which sends nothing, of the page or of a file', async () => {
    const { cookie } = await staff.sessionOf('agent-1');
    const head = (url: string) => staff.app.inject({ method: 'HEAD', url, headers: { cookie } });
    expect(
      await linesOf(async () => {
        const page = await head(`/staff/submissions/${REFERENCE}`);
        expect([page.statusCode, page.body]).toEqual([200, '']);
        const file = await head(`/staff/submissions/${REFERENCE}/files/tok-head`);
        expect([file.statusCode, file.body]).toEqual([200, '']);
        expect(file.headers['content-disposition']).toBe(
          `attachment; filename="file.txt"; filename*=UTF-8''file.txt`,
        );
      }),
    ).toEqual([]);
    // A GET of either is.
    expect(
      await linesOf(async () => {
        await staff.app.inject({ url: `/staff/submissions/${REFERENCE}`, headers: { cookie } });
        await staff.app.inject({
          url: `/staff/submissions/${REFERENCE}/files/tok-head`,
          headers: { cookie },
        });
      }),
    ).toEqual([
      ['viewed', REFERENCE, ''],
      ['downloaded', REFERENCE, 'tok-head'],
    ]);
  });
});

describe('administrators reading', () => {
  it('the audit log and the staff list leave lines too', async () => {
    const { cookie } = await staff.sessionOf('admin-1');
    expect(
      await linesOf(async () => {
        expect(
          (await staff.app.inject({ url: '/staff/audit', headers: { cookie } })).statusCode,
        ).toBe(200);
        expect(
          (await staff.app.inject({ url: '/staff/members', headers: { cookie } })).statusCode,
        ).toBe(200);
      }),
    ).toEqual([
      ['viewed', '', 'audit log'],
      ['viewed', '', 'staff list'],
    ]);
  });
});

describe('an audit line', () => {
  it('names the member by id and address, on the page and in the export, whatever their name becomes', async () => {
    const { db } = staff.app.staffStorage;
    const { cookie } = await staff.sessionOf('admin-1');
    await staff.app.inject({ url: `/staff/submissions/${REFERENCE}`, headers: { cookie } });
    // A member renamed later (enrolling again) does not change who did what.
    await db
      .updateTable('staff_members')
      .set({ display_name: 'Someone Else', name_key: 'someone else' })
      .where('id', '=', 'admin-1')
      .execute();
    const page = await staff.app.inject({ url: '/staff/audit', headers: { cookie } });
    expect(page.body).toContain(
      `<td>Someone Else</td><td>admin-1@example.be</td><td><code>admin-1</code></td><td>viewed</td><td>${REFERENCE}</td>`,
    );
    const csv = await staff.app.inject({ url: '/staff/audit/export', headers: { cookie } });
    const rows = csv.body.split('\r\n');
    expect(rows[0]).toBe(
      '\ufeff"at";"member_id";"member_email";"member_name";"action";"submission";"detail"',
    );
    expect(rows).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^"[^"]+";"admin-1";"admin-1@example\\.be";"Someone Else";"viewed";"${REFERENCE}";""$`,
        ),
      ),
    );
    const stored = await db
      .selectFrom('audit_log')
      .select(['member_id', 'member_email'])
      .where('submission_id', '=', REFERENCE)
      .where('member_id', '=', 'admin-1')
      .execute();
    expect(
      new Set(stored.map((line) => `${line.member_id ?? ''} ${line.member_email ?? ''}`)),
    ).toEqual(new Set(['admin-1 admin-1@example.be']));
  });
});
