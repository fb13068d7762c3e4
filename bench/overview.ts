// The desk lead's overview with 100,000 submissions (issue 42): seeds cases over the last 20
// weeks (a quarter answered within the period, a quarter late, some page feedback and
// duplicates), then times the overview's aggregates and the page's rendering on SQLite and
// PostgreSQL. Run alone with `node bench/overview.ts`; `npm run bench` runs it too.
import { STATUSES } from '../server/staff/inbox.ts';
import { staffTranslator } from '../server/staff/messages.ts';
import { readOverview } from '../server/staff/overview.ts';
import { overviewPage } from '../server/staff/pages/overview.ts';
import type { Storage } from '../server/storage/database.ts';
import { onBothDatabases } from './on-both-databases.ts';

const SUBMISSIONS = 100_000;
const RUNS = 15;
const DAYS = 5;
const LANGUAGES = ['nl', 'fr', 'de', 'en'];
const HOUR_MS = 3_600_000;

/** Seeds the cases, the newest at `now`. */
export async function seed({ db }: Storage, now: number) {
  // 100,000 cases over the last 20 weeks: one every 2 minutes, newest now.
  const step = (20 * 7 * 24 * HOUR_MS) / SUBMISSIONS;
  for (let batch = 0; batch < SUBMISSIONS; batch += 1000) {
    const rows = Array.from({ length: 1000 }, (_, offset) => {
      const index = batch + offset;
      const created = now - (SUBMISSIONS - index) * step;
      // A quarter answered within a day, a quarter after 8 days, the rest not yet.
      const answered =
        index % 4 === 0
          ? created + 20 * HOUR_MS
          : index % 4 === 1
            ? created + 8 * 24 * HOUR_MS
            : null;
      return {
        id: `O${String(index).padStart(9, '0')}`,
        form_id: index % 10 === 9 ? 'feedback' : index % 3 === 0 ? 'callback' : 'contact',
        lang: LANGUAGES[index % 4] ?? 'nl',
        data: `v1.${'x'.repeat(700)}`,
        created_at: new Date(created).toISOString(),
        topic: null,
        status: answered !== null && answered < now ? 'answered' : STATUSES[index % 5],
        answered_at: answered !== null && answered < now ? new Date(answered).toISOString() : null,
        duplicate_of: index % 200 === 3 ? 'O000000000' : null,
        wrapped_key: 'key',
      };
    });
    await db.insertInto('submissions').values(rows).execute();
  }
}

/** The median and slowest of RUNS runs of `work`, in ms. */
async function time(work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(RUNS / 2)] ?? 0, worst: times.at(-1) ?? 0 };
}

async function timeOverview(label: string, storage: Storage, now: Date) {
  const t = staffTranslator('nl');
  const context = { t, lang: 'nl' as const, session: null };
  const query = await time(() => readOverview(storage.db, DAYS, now));
  const overview = await readOverview(storage.db, DAYS, now);
  const page = await time(() =>
    Promise.resolve(
      overviewPage(context, { overview, answerDays: DAYS, formTitle: (formId) => formId }),
    ),
  );
  const html = overviewPage(context, { overview, answerDays: DAYS, formTitle: (formId) => formId });
  return { label, query, page, bytes: Buffer.byteLength(html), total: overview.total };
}

export async function runOverviewBench() {
  const now = new Date();
  const results = await onBothDatabases(
    (storage) => seed(storage, now.getTime()),
    async (label, storage) => [await timeOverview(label, storage, now)],
  );
  console.log(
    `\nThe desk's overview (its aggregates; the page rendered), ${String(SUBMISSIONS)} submissions, ${String(RUNS)} runs:`,
  );
  for (const row of results) {
    console.log(
      `${row.label.padEnd(11)} aggregates median ${row.query.median.toFixed(1).padStart(6)} ms  slowest ${row.query.worst.toFixed(1).padStart(6)} ms  ` +
        `page median ${row.page.median.toFixed(1)} ms  ${String(row.bytes)} bytes  (${String(row.total.new)} new, ${String(row.total.inProgress)} in progress, ${String(row.total.waiting)} waiting)`,
    );
  }
  return results;
}

if (import.meta.main) await runOverviewBench();
