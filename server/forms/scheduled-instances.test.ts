// The scheduled sweep on PostgreSQL (issue #20): two instances on one database run each hourly
// sweep once between them, and after an outage run the hours they missed, once each.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  contactValues,
  createTestApp,
  TEST_MASTER_KEY,
  type TestApp,
} from '../testing/forms-app.ts';
import { startPostgres, type PostgresCluster } from '../testing/pg-cluster.ts';
import { insertSubmission } from './store.ts';

const HOUR = 3_600_000;
let postgres: PostgresCluster | undefined;
let databaseUrl = '';
beforeAll(async () => {
  postgres = await startPostgres();
  databaseUrl = await postgres.createDatabase('scheduled');
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

/** An instance whose log lines the test reads. */
async function instance(lines: string[]): Promise<TestApp> {
  return createTestApp(
    { databaseUrl },
    { logLevel: 'info', logStream: { write: (line: string) => lines.push(line) } },
  );
}

const sweeps = (lines: string[]) =>
  lines.filter((line) => line.includes('"msg":"scheduled sweep ran"')).length;

it('runs each missed hourly sweep once across two instances, and purges once', async () => {
  // First start: the instances make the queue's tables and learn the crontab.
  const first = await instance([]);
  await first.close();
  // An outage of 150 minutes: the crontab last ran then.
  const outage = new Date(Date.now() - 150 * 60_000);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    'update graphile_worker._private_known_crontabs set known_since = $1, last_execution = $1',
    [outage.toISOString()],
  );
  await client.end();

  // Two instances start at once; a submission is past its retention.
  const linesA: string[] = [];
  const linesB: string[] = [];
  const [a, b] = await Promise.all([instance(linesA), instance(linesB)]);
  try {
    const stored = await insertSubmission(
      a.app.formsApi.storage.db,
      {
        formId: 'contact',
        lang: 'en',
        values: contactValues() as never,
        files: {},
        notify: false,
        masterKey: TEST_MASTER_KEY,
      },
      new Date(Date.now() - 200 * 24 * HOUR),
    );
    expect(stored.stored).toBe(true);
    // The hours on the hour since the outage began, each a sweep.
    const missed = Math.floor(Date.now() / HOUR) - Math.floor(outage.getTime() / HOUR);
    const deadline = Date.now() + 30_000;
    while (sweeps(linesA) + sweeps(linesB) < missed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A moment more: a second run of any sweep would show now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(missed).toBeGreaterThanOrEqual(2);
    console.log(
      `scheduled sweeps: ${String(missed)} hours missed, instance A ran ${String(sweeps(linesA))}, B ran ${String(sweeps(linesB))}`,
    );
    expect(sweeps(linesA) + sweeps(linesB)).toBe(missed);
    const purged = await sql<{
      count: string;
    }>`select count(*) as count from audit_log where action = 'purged'`.execute(
      a.app.formsApi.storage.db,
    );
    expect(Number(purged.rows[0]?.count)).toBe(1);
  } finally {
    await a.close();
    await b.close();
  }
}, 90_000);
