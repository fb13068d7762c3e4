// Every state-changing route of the back office, posted by a signed-in administrator with the
// CSRF token as a header and no body at all (a script may do it; a form never does): each answers
// as for an empty form (a 4xx page or a redirect), never a server error; only "Take it", which
// needs no field, changes the case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';

let staff: StaffTestApp;
const CASE = 'CASE-0000-01';
// The parameters a route's path names, given values that exist where a record is needed.
const PARAMS: Record<string, string> = {
  ref: CASE,
  id: 'admin-1',
  token: 'no-such-token',
  name: 'no-such-view',
};

/** The case's status and handler, and how many notes it has. */
async function caseState() {
  const { db } = staff.app.staffStorage;
  const row = await db
    .selectFrom('submissions')
    .select(['status', 'assignee_id'])
    .where('id', '=', CASE)
    .executeTakeFirstOrThrow();
  const notes = await db
    .selectFrom('submission_notes')
    .select('id')
    .where('submission_id', '=', CASE)
    .execute();
  return `${row.status} ${row.assignee_id ?? '-'} ${notes.length} notes`;
}

beforeAll(async () => {
  staff = await createStaffTestApp();
  await staff.member('admin-1', 'admin');
  await staff.app.staffStorage.db
    .insertInto('submissions')
    .values({
      id: CASE,
      form_id: 'contact',
      lang: 'nl',
      data: '{}',
      created_at: '2026-03-01T10:00:00.000Z',
      topic: null,
      status: 'new',
    })
    .execute();
});

afterAll(async () => {
  await staff.close();
});

describe('a POST with no body', () => {
  it('is answered as an empty form on every state-changing route, without a server error', async () => {
    const posts = staff.app.staffRoutes.filter((route) => route.method === 'POST');
    expect(posts.length).toBeGreaterThan(20);
    const answers: string[] = [];
    for (const route of posts) {
      const { cookie, csrf } = await staff.sessionOf('admin-1');
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? 'x');
      const response = await staff.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'x-csrf-token': csrf, 'sec-fetch-site': 'same-origin' },
      });
      if (response.statusCode >= 500) answers.push(`${route.url}: ${response.statusCode}`);
    }
    expect(answers).toEqual([]);
    expect(await caseState()).toBe('in_progress admin-1 0 notes');
  });
});
