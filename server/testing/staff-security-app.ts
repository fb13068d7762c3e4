// The back office that the security tests share (server/staff/app.test.ts, accounts.test.ts): one
// app behind nginx on this machine, an agent and an administrator, and a submission whose
// attachment is an HTML page.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from './staff-app.ts';

/** The header of a request from our own pages. */
export const SAME = { 'sec-fetch-site': 'same-origin' };

/** Writes a contact submission `id` (and its attachment `file`) straight into the database. */
export async function writeSubmission(
  staff: StaffTestApp,
  id: string,
  file?: { token: string; body: string; name: string },
) {
  const { db } = staff.app.staffStorage;
  const now = new Date().toISOString();
  await db
    .insertInto('submissions')
    .values({
      id,
      form_id: 'contact',
      lang: 'nl',
      data: JSON.stringify({ topic: 'insurance', message: `secret ${id}`, replyBy: 'email' }),
      created_at: now,
      topic: 'insurance',
    })
    .execute();
  if (file) {
    await writeFile(join(staff.config.uploadDir, file.token), file.body);
    await db
      .insertInto('uploads')
      .values({
        token: file.token,
        form_id: 'contact',
        field: 'attachments',
        file_name: file.name,
        media_type: 'text/plain',
        size: Buffer.byteLength(file.body),
        created_at: now,
        submission_id: id,
      })
      .execute();
  }
}

/** Starts the back office for the calling test file (closed after it); read it after beforeAll. */
export function securedStaffApp(): { readonly staff: StaffTestApp } {
  let staff: StaffTestApp;
  beforeAll(async () => {
    // Behind nginx on this machine: the sign-in limit counts the address it passes on.
    staff = await createStaffTestApp({
      signInLimit: { max: 3, windowMs: 60_000 },
      trustedProxies: ['127.0.0.1'],
    });
    await staff.member('agent-1', 'agent');
    await staff.member('admin-1', 'admin');
    await writeSubmission(staff, 'AAAA-BBBB-CC', {
      token: 'tok-html',
      body: '<script>alert(1)</script>',
      name: 'page.html',
    });
  });
  afterAll(async () => {
    await staff.close();
  });
  return {
    get staff() {
      return staff;
    },
  };
}
