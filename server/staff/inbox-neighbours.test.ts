// Previous and next within the list on a submission's page (issue 42, inbox-neighbours.ts and
// routes/list-param.ts): following "Next in the list" from the first row visits the list's rows
// in the list's own order, for a filtered list in each sort; "Back to the list" is the list's
// address; and a `list` that is not an inbox address (an open redirect's try) is dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';

let staff: StaffTestApp;

/** [id, form, status, handler, created day, visitor wrote back] */
const CASES: [string, string, string, string | null, string, boolean][] = [
  ['CASE-0000-01', 'contact', 'new', null, '01', false],
  ['CASE-0000-02', 'contact', 'in_progress', 'agent-2', '02', false],
  ['CASE-0000-03', 'callback', 'new', 'agent-1', '03', false],
  ['CASE-0000-04', 'contact', 'answered', 'agent-1', '04', true],
  ['CASE-0000-05', 'contact', 'new', 'agent-2', '05', false],
  // Same instant as 05: the reference breaks the tie.
  ['CASE-0000-06', 'contact', 'closed', null, '05', false],
  ['CASE-0000-07', 'contact', 'in_progress', 'agent-1', '07', false],
];

beforeAll(async () => {
  staff = await createStaffTestApp();
  await staff.member('agent-1', 'agent');
  await staff.member('agent-2', 'agent');
  for (const [id, form, status, assignee, day, wrote] of CASES) {
    await staff.app.staffStorage.db
      .insertInto('submissions')
      .values({
        id,
        form_id: form,
        lang: 'fr',
        data: '{}',
        created_at: `2026-03-${day}T10:00:00.000Z`,
        topic: null,
        status,
        assignee_id: assignee,
        visitor_wrote_at: wrote ? '2026-03-08T09:00:00.000Z' : null,
      })
      .execute();
  }
});

afterAll(async () => {
  await staff.close();
});

async function get(url: string) {
  const { cookie } = await staff.sessionOf('agent-1');
  return staff.app.inject({ url, headers: { cookie } });
}

/** The links of a submission page's list navigation, by their text. */
function navigation(body: string): Record<string, string> | null {
  const nav = /<nav class="pages" aria-label="In the list">(.*?)<\/nav>/s.exec(body)?.[1];
  if (nav === undefined) return null;
  return Object.fromEntries(
    [...nav.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [
      match[2] ?? '',
      (match[1] ?? '').replaceAll('&amp;', '&'),
    ]),
  );
}

/** The references an inbox list shows, and the first one's link (with its list). */
async function inboxOrder(list: string) {
  const body = (await get(list)).body;
  const links = [...body.matchAll(/<th scope="row"><a href="([^"]+)">([^<]+)<\/a>/g)];
  return {
    references: links.map((match) => match[2]),
    first: (links[0]?.[1] ?? '').replaceAll('&amp;', '&'),
  };
}

describe('previous and next within the list', () => {
  for (const list of [
    '/staff',
    '/staff?form=contact&sort=date&dir=asc',
    '/staff?form=contact&sort=status&dir=asc',
    '/staff?form=contact&sort=handler&dir=desc',
    '/staff?open=1&sort=form&dir=asc',
    '/staff?assignee=agent-1&sort=date&dir=desc',
  ]) {
    it(`walks ${list} in its order, there and back`, async () => {
      const { references, first } = await inboxOrder(list);
      expect(references.length).toBeGreaterThan(1);
      expect(first).toBe(`/staff/submissions/${references[0]}?list=${encodeURIComponent(list)}`);
      const forward: string[] = [];
      let at: string | undefined = first;
      let last = '';
      // At most one step too many: a cycle fails rather than hangs.
      while (at && forward.length <= references.length) {
        const page = await get(at);
        expect(page.statusCode).toBe(200);
        const links = navigation(page.body);
        expect(links?.['Back to the list']).toBe(list);
        forward.push(/submissions\/([^?]+)/.exec(at)?.[1] ?? '');
        last = at;
        at = links?.['Next in the list'];
      }
      expect(forward).toEqual(references);
      const backward: string[] = [];
      at = last;
      while (at && backward.length <= references.length) {
        backward.push(/submissions\/([^?]+)/.exec(at)?.[1] ?? '');
        at = navigation((await get(at)).body)?.['Previous in the list'];
      }
      expect(backward).toEqual([...references].reverse());
    });
  }

  it('gives the exact neighbours in a sorted, filtered list', async () => {
    // Contact, by status: new 01, 05; in progress 02, 07; answered 04; closed 06.
    const list = '/staff?form=contact&sort=status&dir=asc';
    const page = await get(`/staff/submissions/CASE-0000-02?list=${encodeURIComponent(list)}`);
    expect(navigation(page.body)).toEqual({
      'Previous in the list': `/staff/submissions/CASE-0000-05?list=${encodeURIComponent(list)}`,
      'Back to the list': list,
      'Next in the list': `/staff/submissions/CASE-0000-07?list=${encodeURIComponent(list)}`,
    });
    // Not in the list (another form): its place in the order (new, day 03) still has neighbours.
    const outside = await get(`/staff/submissions/CASE-0000-03?list=${encodeURIComponent(list)}`);
    expect(navigation(outside.body)).toEqual({
      'Previous in the list': `/staff/submissions/CASE-0000-01?list=${encodeURIComponent(list)}`,
      'Back to the list': list,
      'Next in the list': `/staff/submissions/CASE-0000-05?list=${encodeURIComponent(list)}`,
    });
  });

  it('keeps the page of the list to go back to', async () => {
    const list = '/staff?form=contact&before=%7E2026-03-05T10%3A00%3A00.000Z%7ECASE-0000-05&page=2';
    const page = await get(`/staff/submissions/CASE-0000-02?list=${encodeURIComponent(list)}`);
    expect(navigation(page.body)?.['Back to the list']).toBe(list);
  });
});

describe('a list that is not an inbox address', () => {
  it('is dropped: the page links to the inbox only, never elsewhere', async () => {
    for (const list of [
      '//evil.example',
      '//evil.example/staff',
      'https://evil.example/staff',
      'https:/evil.example',
      '/staff/../x',
      '/staff/..%2Fx',
      '/staff%2F..%2Fx',
      '%2F%2Fevil.example',
      '/%2F/evil.example',
      '/\\evil.example',
      '/staff?status=new&next=//evil.example',
      '/staff?status=new&status=answered',
      '/staff?status=new#//evil.example',
      '/staff?',
      '/Staff',
      ' /staff',
      'javascript:alert(1)',
    ]) {
      for (const value of [
        encodeURIComponent(list),
        encodeURIComponent(encodeURIComponent(list)),
      ]) {
        const page = await get(`/staff/submissions/CASE-0000-02?list=${value}`);
        expect(page.statusCode, list).toBe(200);
        expect(navigation(page.body), list).toBeNull();
        expect(page.body, list).toContain('<p><a href="/staff">Back to the inbox</a></p>');
        expect(page.body, list).not.toContain('evil');
      }
    }
    // A list given twice is no list either.
    const twice = await get('/staff/submissions/CASE-0000-02?list=%2Fstaff&list=%2Fstaff');
    expect(navigation(twice.body)).toBeNull();
  });
});
