// A submission's history on its page (server/staff/history.ts, issue 42): no "opened it" after
// each action's redirect or a reload within the minute, and downloads name their file, while
// the audit log keeps every line.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';
import type { AuditLine } from '../storage/audit.ts';
import { meaningfulHistory } from './history.ts';

const SAME = { 'sec-fetch-site': 'same-origin' };
const REFERENCE = 'HHHH-JJJJ-KK';
let staff: StaffTestApp;

beforeAll(async () => {
  staff = await createStaffTestApp();
  await staff.member('agent-1', 'agent');
  const { db } = staff.app.staffStorage;
  const now = new Date().toISOString();
  await db
    .insertInto('submissions')
    .values({
      id: REFERENCE,
      form_id: 'contact',
      lang: 'en',
      data: JSON.stringify({ topic: 'insurance', message: 'The physiotherapy bill' }),
      created_at: now,
      topic: 'insurance',
    })
    .execute();
  await writeFile(join(staff.config.uploadDir, 'tok-bill'), 'the bill');
  await db
    .insertInto('uploads')
    .values({
      token: 'tok-bill',
      form_id: 'contact',
      field: 'attachments',
      file_name: 'kine-mars.pdf',
      media_type: 'application/pdf',
      size: 8,
      created_at: now,
      submission_id: REFERENCE,
    })
    .execute();
});
afterAll(async () => {
  await staff.close();
});

/** The history's lines as the page writes them, without their times. */
const historyOf = (html: string): string[] =>
  [...(/<ol class="history">(.*?)<\/ol>/s.exec(html)?.[1] ?? '').matchAll(/<li>(.*?)<\/li>/gs)]
    .map((item) => (item[1] ?? '').replace(/<time[^>]*>.*?<\/time>/s, '').replace(/<[^>]+>/g, ''))
    .map((text) => text.replace(/&quot;/g, '"').trim());

describe('the history on a submission’s page', () => {
  it('shows what was done, not the page coming back after it; a download names its file', async () => {
    const { cookie, csrf } = await staff.sessionOf('agent-1');
    const page = () =>
      staff.app.inject({ url: `/staff/submissions/${REFERENCE}`, headers: { cookie } });
    await page();
    const take = await staff.app.inject({
      method: 'POST',
      url: `/staff/submissions/${REFERENCE}/take`,
      headers: { cookie, ...SAME },
      payload: { csrf },
    });
    expect(take.statusCode).toBe(303);
    await page();
    const file = await staff.app.inject({
      url: `/staff/submissions/${REFERENCE}/files/tok-bill`,
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    const shown = await page();
    expect(historyOf(shown.body)).toEqual([
      'agent-1 opened it',
      'agent-1 took it',
      'agent-1 downloaded “kine-mars.pdf”',
    ]);
    // The audit log keeps every answer that showed the submission.
    const audited = await staff.app.staffStorage.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('submission_id', '=', REFERENCE)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(audited.map((line) => `${line.action} ${line.detail}`.trim())).toEqual([
      'viewed',
      'taken',
      'viewed',
      'downloaded tok-bill',
      'viewed',
    ]);
  });
});

describe('meaningfulHistory', () => {
  const line = (id: string, member: string | null, action: string, second: number): AuditLine => ({
    id,
    at: new Date(Date.UTC(2026, 2, 2, 9, 0, second)).toISOString(),
    member_id: member,
    member_email: member ? `${member}@example.be` : null,
    member_name: member,
    action,
    submission_id: REFERENCE,
    detail: '',
  });

  it('drops a view within a minute after the same member’s previous line, keeps the others', () => {
    const kept = meaningfulHistory([
      line('1', 'anna', 'viewed', 0),
      line('2', 'anna', 'taken', 20),
      line('3', 'anna', 'viewed', 21), // the redirect after "take it"
      line('4', 'bram', 'viewed', 30), // another member: a visit of theirs
      line('5', 'anna', 'viewed', 80), // a reload 59 s after the one before
      line('6', null, 'visitor-wrote', 90),
      line('7', 'anna', 'viewed', 140), // a minute later: a visit again
      line('8', 'anna', 'note', 150),
    ]);
    expect(kept.map((item) => item.id)).toEqual(['1', '2', '4', '6', '7', '8']);
  });
});
