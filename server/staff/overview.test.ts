// The desk lead's overview (server/staff/overview.ts) on SQLite and PostgreSQL, with back-dated
// cases around the week boundaries of Brussels (the clock change of 29 March 2026 included):
// the exact counts per form and language, the oldest case never answered, and per week how
// many came, were answered within the promised 5 days (to the millisecond) and are not due yet.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStorage } from '../storage/database.ts';
import { ROOT } from '../testing/forms-app.ts';
import { changeStatus } from './inbox.ts';
import { readOverview, weekStarts } from './overview.ts';
import { folderAndPostgres } from '../testing/folder-and-postgres.ts';

// Wednesday 8 April 2026, 12:00 in Brussels (CEST): this week began Monday 6 April 00:00.
const NOW = new Date('2026-04-08T10:00:00.000Z');

/** [id, form, language, status, received, first answered, duplicate of] */
type Case = [string, string, string, string, string, string | null, string?];
const CASES: Case[] = [
  // This week: the first millisecond of Monday 6 April in Brussels; answered within the hour.
  ['T1', 'contact', 'nl', 'new', '2026-04-05T22:00:00.000Z', null],
  ['T2', 'contact', 'fr', 'answered', '2026-04-07T09:00:00.000Z', '2026-04-07T10:00:00.000Z'],
  ['N1', 'contact', 'nl', 'no_answer_needed', '2026-04-07T09:30:00.000Z', null],
  // The week of 30 March: its last millisecond (Sunday 23:59:59.999, summer time) and its first
  // (Monday 00:00, the night after the clock change); answered at exactly 5 days, and 1 ms late.
  ['P1', 'contact', 'de', 'in_progress', '2026-04-05T21:59:59.999Z', null],
  ['P2', 'contact', 'nl', 'answered', '2026-03-29T22:00:00.000Z', '2026-04-03T22:00:00.000Z'],
  ['P3', 'contact', 'en', 'closed', '2026-03-30T08:00:00.000Z', '2026-04-04T08:00:00.001Z'],
  // The week of 23 March: its last millisecond, in summer time; never answered, overdue.
  ['W1', 'callback', 'nl', 'new', '2026-03-29T21:59:59.999Z', null],
  // The week of 16 March: its last millisecond, in winter time; the oldest never answered.
  ['W2', 'contact', 'en', 'in_progress', '2026-03-22T22:59:59.999Z', null],
  // Older: one answered in time (the visitor wrote back since), one answered this week, late.
  ['O2', 'contact', 'fr', 'in_progress', '2026-02-01T08:00:00.000Z', '2026-02-02T08:00:00.000Z'],
  ['O3', 'callback', 'fr', 'answered', '2026-03-01T08:00:00.000Z', '2026-04-06T08:00:00.000Z'],
  // Before the 12 weeks, waiting for the visitor.
  ['O1', 'contact', 'de', 'answered', '2026-01-10T08:00:00.000Z', '2026-01-11T08:00:00.000Z'],
  // Never counted: a duplicate, and page feedback.
  ['D1', 'contact', 'nl', 'new', '2026-01-05T08:00:00.000Z', null, 'T2'],
  ['F1', 'feedback', 'nl', 'new', '2026-01-02T08:00:00.000Z', null],
];

const scratch = folderAndPostgres('guichet-overview-');

describe('the weeks', () => {
  it('start on Monday at midnight in Brussels, in winter and summer time', () => {
    expect(weekStarts(new Date('2026-04-05T21:59:59.999Z'), 2)).toEqual([
      { monday: '2026-03-23', start: '2026-03-22T23:00:00.000Z' },
      { monday: '2026-03-30', start: '2026-03-29T22:00:00.000Z' },
    ]);
    expect(weekStarts(new Date('2026-04-05T22:00:00.000Z'), 1)).toEqual([
      { monday: '2026-04-06', start: '2026-04-05T22:00:00.000Z' },
    ]);
  });
});

describe.each([
  ['SQLite', () => Promise.resolve(`sqlite:${join(scratch.dir, 'site.db')}`)],
  ['PostgreSQL', () => scratch.postgres.createDatabase('overview')],
])('the overview on %s', (_name, url) => {
  it('counts per form and language, finds the oldest unanswered, and the share in time per week', async () => {
    const storage = await openStorage(await url(), ROOT);
    try {
      await storage.db
        .insertInto('submissions')
        .values(
          CASES.map(([id, form, lang, status, created, answered, duplicate]) => ({
            id,
            form_id: form,
            lang,
            status,
            created_at: created,
            answered_at: answered,
            duplicate_of: duplicate ?? null,
            data: '{}',
            topic: null,
          })),
        )
        .execute();
      const overview = await readOverview(storage.db, 5, NOW);
      const counts = (
        key: string,
        fresh: number,
        progress: number,
        waiting: number,
        week: number,
      ) => ({
        key,
        new: fresh,
        inProgress: progress,
        waiting,
        answeredThisWeek: week,
      });
      expect(overview.byForm).toEqual([
        counts('callback', 1, 0, 1, 1),
        counts('contact', 1, 3, 3, 1),
      ]);
      expect(overview.byLanguage).toEqual([
        counts('de', 0, 1, 1, 0),
        counts('en', 0, 1, 0, 0),
        counts('fr', 0, 1, 2, 2),
        counts('nl', 2, 0, 1, 0),
      ]);
      expect(overview.total).toEqual(counts('', 2, 3, 4, 2));
      expect(overview.oldest).toEqual({
        id: 'W2',
        form_id: 'contact',
        status: 'in_progress',
        created_at: '2026-03-22T22:59:59.999Z',
      });
      const week = (monday: string, received = 0, inTime = 0, notDue = 0) => ({
        monday,
        received,
        inTime,
        notDue,
      });
      expect(overview.weeks).toEqual([
        week('2026-01-19'),
        week('2026-01-26', 1, 1),
        week('2026-02-02'),
        week('2026-02-09'),
        week('2026-02-16'),
        week('2026-02-23', 1),
        week('2026-03-02'),
        week('2026-03-09'),
        week('2026-03-16', 1),
        week('2026-03-23', 1),
        week('2026-03-30', 3, 1, 1),
        week('2026-04-06', 2, 1, 1),
      ]);

      // The status "Answered" set by hand is a first answer; a second one does not move it.
      const answeredAt = async () =>
        (
          await storage.db
            .selectFrom('submissions')
            .select('answered_at')
            .where('id', '=', 'W1')
            .executeTakeFirstOrThrow()
        ).answered_at;
      await changeStatus(storage.db, 'W1', 'answered', 'agent-1');
      const first = await answeredAt();
      expect(first).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      await changeStatus(storage.db, 'W1', 'in_progress', 'agent-1');
      await changeStatus(storage.db, 'W1', 'answered', 'agent-1');
      expect(await answeredAt()).toBe(first);
    } finally {
      await storage.close();
    }
  });
});
