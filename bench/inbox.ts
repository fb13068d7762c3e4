// The desk's list with 100,000 submissions (issue #16: a list query within 100 ms on SQLite and
// PostgreSQL): seeds the submissions, then times the queries of the inbox's filters and pages.
// Run alone with `node bench/inbox.ts`; `npm run bench` runs it too.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage, type Storage } from '../server/storage/database.ts';
import { sql } from 'kysely';
import {
  listSubmissions,
  NOBODY,
  PAGE_SIZE,
  STATUSES,
  type InboxFilter,
} from '../server/staff/inbox.ts';
import { ROOT } from '../server/testing/forms-app.ts';
import { startPostgres } from '../server/testing/pg-cluster.ts';

const SUBMISSIONS = 100_000;
const RUNS = 15;
const TOPICS = ['financial-aid', 'solidarity-status', 'medical-costs', 'insurance', 'other'];
const LANGUAGES = ['nl', 'fr', 'de', 'en'];
const MEMBERS = Array.from({ length: 20 }, (_, index) => `member-${String(index)}`);

async function seed({ db }: Storage) {
  await db
    .insertInto('staff_members')
    .values(
      MEMBERS.map((id) => ({
        id,
        email: `${id}@example.be`,
        display_name: id,
        role: 'agent',
        lang: 'nl',
        created_at: new Date().toISOString(),
        revoked_at: null,
      })),
    )
    .execute();
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let batch = 0; batch < SUBMISSIONS; batch += 1000) {
    const rows = Array.from({ length: 1000 }, (_, offset) => {
      const index = batch + offset;
      return {
        id: `B${String(index).padStart(9, '0')}`,
        form_id: index % 3 === 0 ? 'callback' : 'contact',
        lang: LANGUAGES[index % 4] ?? 'nl',
        // The size of an encrypted contact message.
        data: `v1.${'x'.repeat(700)}`,
        created_at: new Date(start + index * 90_000).toISOString(),
        topic: TOPICS[index % 5] ?? null,
        status: STATUSES[index % 7 === 0 ? 0 : ((index % 4) as 0 | 1 | 2 | 3)],
        // One in 500 has a visitor's reply waiting: those top the list.
        visitor_wrote_at: index % 500 === 7 ? new Date(start + index * 60_000).toISOString() : null,
        assignee_id: index % 7 === 0 ? null : (MEMBERS[index % 20] ?? null),
        wrapped_key: 'key',
      };
    });
    await db.insertInto('submissions').values(rows).execute();
  }
}

const QUERIES: [string, InboxFilter][] = [
  ['newest first, page 1', { page: 1 }],
  ['status new', { status: 'new', page: 1 }],
  ['topic insurance', { topic: 'insurance', page: 1 }],
  ['language fr, in progress', { lang: 'fr', status: 'in_progress', page: 1 }],
  ['handled by one member', { assignee: 'member-3', page: 1 }],
  ['nobody handles it', { assignee: NOBODY, page: 1 }],
  ['form callback, page 200', { form: 'callback', page: 200 }],
];

/** A deep page is reached by Next: the cursor is the last row of the page before (untimed). */
async function withCursor(db: Storage['db'], filter: InboxFilter): Promise<InboxFilter> {
  if (filter.page === 1) return filter;
  const { page, ...rest } = filter;
  let query = db
    .selectFrom('submissions')
    .select(['id', 'created_at', 'visitor_wrote_at'])
    .orderBy(sql`visitor_wrote_at is null`)
    .orderBy('visitor_wrote_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (rest.form) query = query.where('form_id', '=', rest.form);
  const row = await query
    .offset((page - 1) * PAGE_SIZE - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    ...filter,
    after: { wroteAt: row.visitor_wrote_at, createdAt: row.created_at, id: row.id },
  };
}

async function timeQueries(label: string, storage: Storage) {
  const rows: { label: string; query: string; median: number; worst: number; total: number }[] = [];
  for (const [query, asked] of QUERIES) {
    const filter = await withCursor(storage.db, asked);
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      total = (await listSubmissions(storage.db, filter)).total;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({
      label,
      query,
      median: times[Math.floor(RUNS / 2)] ?? 0,
      worst: times.at(-1) ?? 0,
      total,
    });
  }
  return rows;
}

export async function runInboxBench() {
  const results = [];
  const dir = await mkdtemp(join(tmpdir(), 'guichet-bench-inbox-'));
  const sqlite = await openStorage(`sqlite:${join(dir, 'site.db')}`, ROOT);
  try {
    await seed(sqlite);
    results.push(...(await timeQueries('SQLite', sqlite)));
  } finally {
    await sqlite.close();
    await rm(dir, { recursive: true, force: true });
  }
  const postgres = await startPostgres();
  try {
    const storage = await openStorage(postgres.url, ROOT);
    try {
      await seed(storage);
      results.push(...(await timeQueries('PostgreSQL', storage)));
    } finally {
      await storage.close();
    }
  } finally {
    await postgres.stop();
  }
  console.log(
    `\nThe desk's list (one page of 50 and the count), ${String(SUBMISSIONS)} submissions, ${String(RUNS)} runs:`,
  );
  for (const row of results) {
    console.log(
      `${row.label.padEnd(11)} ${row.query.padEnd(28)} median ${row.median.toFixed(1).padStart(6)} ms  slowest ${row.worst.toFixed(1).padStart(6)} ms  (${String(row.total)} match)`,
    );
  }
  return results;
}

if (import.meta.main) await runInboxBench();
