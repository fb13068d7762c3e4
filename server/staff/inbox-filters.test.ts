// The inbox's filters of issue 42 through the back office (server/staff/routes/inbox.ts): the
// date range as Brussels days (dd/mm/yyyy), a date that is not one (400, kept as typed, with its
// error), "waiting for the visitor", "the visitor wrote back" and "overdue" (a back-dated case,
// content/site.yaml's deskAnswerDays); the days themselves (inbox-dates.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';
import { brusselsDayStart, parseDay } from './inbox-dates.ts';

let staff: StaffTestApp;
const DAY = 24 * 60 * 60_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

beforeAll(async () => {
  staff = await createStaffTestApp();
  await staff.member('agent-1', 'agent');
  const rows: [string, string, string, string | null][] = [
    // id, created_at, status, visitor_wrote_at
    ['AAAA-AAAA-A1', '2026-02-28T22:59:59.000Z', 'closed', null], // 28/02 in Brussels
    ['AAAA-AAAA-A2', '2026-02-28T23:00:00.000Z', 'closed', null], // 01/03 00:00 in Brussels
    ['AAAA-AAAA-A3', '2026-03-31T21:59:59.000Z', 'closed', null], // 31/03 23:59 (summer time)
    ['AAAA-AAAA-A4', '2026-03-31T22:00:00.000Z', 'closed', null], // 01/04 00:00
    ['BBBB-BBBB-B1', ago(1), 'answered', null],
    ['BBBB-BBBB-B2', ago(2), 'in_progress', ago(0.5)],
    ['CCCC-CCCC-C1', ago(9), 'new', null], // overdue
    ['CCCC-CCCC-C2', ago(6), 'in_progress', null], // overdue
    ['CCCC-CCCC-C3', ago(4), 'new', null], // within the period
    ['CCCC-CCCC-C4', ago(9), 'answered', null], // old, but answered
  ];
  await staff.app.staffStorage.db
    .insertInto('submissions')
    .values(
      rows.map(([id, created_at, status, visitor_wrote_at]) => ({
        id,
        form_id: 'contact',
        lang: 'nl',
        data: '{}',
        created_at,
        status,
        visitor_wrote_at,
      })),
    )
    .execute();
});
afterAll(async () => {
  await staff.close();
});

/** The inbox's answer for a query: its status and the references it lists, in order. */
async function inbox(query: string) {
  const { cookie } = await staff.sessionOf('agent-1');
  const answer = await staff.app.inject({ url: `/staff?${query}`, headers: { cookie } });
  const references = [...answer.body.matchAll(/<a href="\/staff\/submissions\/([^"?]+)/g)].map(
    (match) => match[1],
  );
  return { status: answer.statusCode, references, body: answer.body };
}

describe('the inbox’s filters', () => {
  it('a date range is of whole days in Brussels, both ends included', async () => {
    expect((await inbox('from=01/03/2026&to=31/03/2026')).references).toEqual([
      'AAAA-AAAA-A3',
      'AAAA-AAAA-A2',
    ]);
    expect((await inbox('from=1/4/2026&to=1/4/2026')).references).toEqual(['AAAA-AAAA-A4']);
    expect((await inbox('to=28/02/2026')).references).toEqual(['AAAA-AAAA-A1']);
  });

  it('a date that is not one: 400, kept as typed with its error, the other filters applied', async () => {
    const answer = await inbox('from=31/02/2026&to=01/03/2026');
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('value="31/02/2026"');
    expect(answer.body).toContain(
      '<span id="filter-from-error" class="error">Write the date as day/month/year, for example 03/02/2026.</span>',
    );
    expect(answer.references).toEqual(['AAAA-AAAA-A2', 'AAAA-AAAA-A1']);
    const hostile = await inbox(`from=${encodeURIComponent('<script>1</script>')}`);
    expect(hostile.status).toBe(400);
    expect(hostile.body).not.toContain('<script>1');
    expect(hostile.body).toContain('value="&lt;script&gt;1&lt;/script&gt;"');
  });

  it('waiting for the visitor, the visitor wrote back, overdue (older than deskAnswerDays, 5)', async () => {
    expect((await inbox('waiting=1')).references).toEqual(['BBBB-BBBB-B1', 'CCCC-CCCC-C4']);
    expect((await inbox('wrote=1')).references).toEqual(['BBBB-BBBB-B2']);
    const overdue = await inbox('overdue=1');
    expect(overdue.references).toEqual(['CCCC-CCCC-C2', 'CCCC-CCCC-C1']);
    expect(overdue.body).toContain('Overdue: open for more than 5 days');
    // Together with another filter, and kept in the page's links (one a page here).
    expect((await inbox('overdue=1&status=new')).references).toEqual(['CCCC-CCCC-C1']);
    expect((await inbox('overdue=yes')).references).toHaveLength(10);
  });
});

describe('days as the desk types them', () => {
  it('reads dd/mm/yyyy and refuses what is not a day', () => {
    expect(parseDay('03/02/2026')).toEqual({ year: 2026, month: 2, day: 3 });
    expect(parseDay(' 3/2/2026 ')).toEqual({ year: 2026, month: 2, day: 3 });
    for (const text of ['31/02/2026', '2026-02-03', '03/13/2026', '3/2/26', '', '00/01/2026']) {
      expect(parseDay(text)).toBe(null);
    }
  });

  it('starts a day at Brussels midnight, in winter and in summer time', () => {
    expect(brusselsDayStart({ year: 2026, month: 1, day: 15 })).toBe('2026-01-14T23:00:00.000Z');
    expect(brusselsDayStart({ year: 2026, month: 7, day: 1 })).toBe('2026-06-30T22:00:00.000Z');
    // The days of the clock changes (29 March and 25 October 2026) and the day after.
    expect(brusselsDayStart({ year: 2026, month: 3, day: 29 })).toBe('2026-03-28T23:00:00.000Z');
    expect(brusselsDayStart({ year: 2026, month: 3, day: 29 }, 1)).toBe('2026-03-29T22:00:00.000Z');
    expect(brusselsDayStart({ year: 2026, month: 10, day: 25 })).toBe('2026-10-24T22:00:00.000Z');
    expect(brusselsDayStart({ year: 2026, month: 10, day: 25 }, 1)).toBe(
      '2026-10-25T23:00:00.000Z',
    );
  });
});
