// The desk lead's overview (issue 42): how many cases are new, in progress, waiting for the
// visitor and answered this week, per form and per language; the oldest case never answered;
// and per week, for the last weeks, how many cases came and how many were answered within the
// promised period (content/site.yaml deskAnswerDays). SQL aggregates over the columns kept in
// clear (status, form, language, dates): nothing is decrypted. Page feedback and duplicates
// are left out; weeks run from Monday to Sunday in Brussels.
import { sql, type Kysely } from 'kysely';
import { FEEDBACK_FORM } from '../forms/feedback-report.ts';
import type { Database } from '../storage/database.ts';
import { isSqlite } from '../storage/erasure.ts';
import { brusselsDayStart } from './inbox-dates.ts';

/** How many weeks the overview's chart and table show. */
export const OVERVIEW_WEEKS = 12;

export interface CaseCounts {
  /** A form's id or a language's code; '' for all. */
  key: string;
  new: number;
  inProgress: number;
  /** Answered: the desk waits for the visitor. */
  waiting: number;
  /** Cases first answered since this week's Monday. */
  answeredThisWeek: number;
}

export interface WeekFigures {
  /** The week's Monday, in Brussels (yyyy-mm-dd). */
  monday: string;
  /** The cases received that week (not those that need no answer). */
  received: number;
  /** Those first answered within the promised days after they came. */
  inTime: number;
  /** Those not answered yet whose promised days are not over. */
  notDue: number;
}

export interface Overview {
  byForm: CaseCounts[];
  byLanguage: CaseCounts[];
  total: CaseCounts;
  /** The oldest case never answered (new or in progress), or null. */
  oldest: { id: string; form_id: string; status: string; created_at: string } | null;
  /** Oldest week first; the last one is this week. */
  weeks: WeekFigures[];
}

const DAY_MS = 24 * 60 * 60_000;

const BRUSSELS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Mondays (Brussels) that start the last `count` weeks up to `now`'s, oldest first. */
export function weekStarts(now: Date, count: number): { monday: string; start: string }[] {
  const [year = 0, month = 1, day = 1] = BRUSSELS_DAY.format(now).split('-').map(Number);
  const today = { year, month, day };
  // 0 on Monday … 6 on Sunday.
  const sinceMonday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return Array.from({ length: count }, (_, index) => {
    const later = -sinceMonday - 7 * (count - 1 - index);
    const monday = new Date(Date.UTC(year, month - 1, day + later)).toISOString().slice(0, 10);
    return { monday, start: brusselsDayStart(today, later) };
  });
}

/** The cases the overview counts: not page feedback, not duplicates. */
const cases = (db: Kysely<Database>) =>
  db
    .selectFrom('submissions')
    .where('form_id', '!=', FEEDBACK_FORM)
    .where('duplicate_of', 'is', null);

const count = (value: unknown) => Number(value ?? 0);

/** Sums rows of counts into one per key. */
function sumBy(rows: readonly (CaseCounts & { other: string })[], key: 'key' | 'other') {
  const sums = new Map<string, CaseCounts>();
  for (const row of rows) {
    const id = row[key];
    const sum = sums.get(id) ?? { key: id, new: 0, inProgress: 0, waiting: 0, answeredThisWeek: 0 };
    sum.new += row.new;
    sum.inProgress += row.inProgress;
    sum.waiting += row.waiting;
    sum.answeredThisWeek += row.answeredThisWeek;
    sums.set(id, sum);
  }
  return [...sums.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** The counts per form and language, in one aggregate. */
async function statusCounts(db: Kysely<Database>, weekStart: string) {
  const rows = await cases(db)
    .select((eb) => [
      'form_id',
      'lang',
      eb.fn.sum<number>(sql`case when status = 'new' then 1 else 0 end`).as('new'),
      eb.fn.sum<number>(sql`case when status = 'in_progress' then 1 else 0 end`).as('progress'),
      eb.fn.sum<number>(sql`case when status = 'answered' then 1 else 0 end`).as('waiting'),
      eb.fn.sum<number>(sql`case when answered_at >= ${weekStart} then 1 else 0 end`).as('week'),
    ])
    .groupBy(['form_id', 'lang'])
    .execute();
  return rows.map((row) => ({
    key: row.form_id,
    other: row.lang,
    new: count(row.new),
    inProgress: count(row.progress),
    waiting: count(row.waiting),
    answeredThisWeek: count(row.week),
  }));
}

/** Per week since `starts[0]`: received, answered within `days`, and not yet due. */
async function weekFigures(
  db: Kysely<Database>,
  starts: readonly { monday: string; start: string }[],
  days: number,
  now: Date,
): Promise<WeekFigures[]> {
  const first = starts[0]?.start ?? now.toISOString();
  // The week's index: the number of later Mondays the case came on or after.
  const later = starts.slice(1);
  const index = later.length
    ? sql.join(
        later.map((week) => sql`case when created_at >= ${week.start} then 1 else 0 end`),
        sql` + `,
      )
    : sql`0`;
  // Within the promised days: timestamps are ISO text in both databases, read as times here.
  const inTime = isSqlite(db)
    ? sql`answered_at <= strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ${`+${days} days`})`
    : sql`answered_at::timestamptz <= created_at::timestamptz + make_interval(days => ${days}::int)`;
  const dueAfter = new Date(now.getTime() - days * DAY_MS).toISOString();
  const rows = await cases(db)
    .where('created_at', '>=', first)
    .where('status', '!=', 'no_answer_needed')
    .select((eb) => [
      sql<number>`${index}`.as('week'),
      eb.fn.countAll<number>().as('received'),
      eb.fn.sum<number>(sql`case when ${inTime} then 1 else 0 end`).as('in_time'),
      eb.fn
        .sum<number>(
          sql`case when answered_at is null and created_at > ${dueAfter} then 1 else 0 end`,
        )
        .as('not_due'),
    ])
    // By position: PostgreSQL would not match the index's parameters repeated here.
    .groupBy(sql`1`)
    .execute();
  const byWeek = new Map(rows.map((row) => [count(row.week), row]));
  return starts.map((week, position) => {
    const row = byWeek.get(position);
    return {
      monday: week.monday,
      received: count(row?.received),
      inTime: count(row?.in_time),
      notDue: count(row?.not_due),
    };
  });
}

/** The overview at `now`, with the promised answer period of `answerDays` days. */
export async function readOverview(
  db: Kysely<Database>,
  answerDays: number,
  now = new Date(),
  weeks = OVERVIEW_WEEKS,
): Promise<Overview> {
  const starts = weekStarts(now, weeks);
  const thisWeek = starts.at(-1)?.start ?? now.toISOString();
  // The oldest of each open status on its own: each walks the (status, created_at) index in
  // order and stops at its first row, where "status in (…)" sorted every open case.
  const oldestOf = (status: string) =>
    cases(db)
      .select(['id', 'form_id', 'status', 'created_at'])
      .where('status', '=', status)
      .where('answered_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  const [counts, fresh, started, figures] = await Promise.all([
    statusCounts(db, thisWeek),
    oldestOf('new'),
    oldestOf('in_progress'),
    weekFigures(db, starts, answerDays, now),
  ]);
  const oldest = [fresh, started]
    .filter((row) => row !== undefined)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))[0];
  const all = sumBy(
    counts.map((row) => ({ ...row, other: '' })),
    'other',
  )[0];
  return {
    byForm: sumBy(counts, 'key'),
    byLanguage: sumBy(counts, 'other'),
    total: all ?? { key: '', new: 0, inProgress: 0, waiting: 0, answeredThisWeek: 0 },
    oldest: oldest ?? null,
    weeks: figures,
  };
}
