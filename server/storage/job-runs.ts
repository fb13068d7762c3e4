// When each piece of scheduled work last succeeded (table job_runs, shared by every instance):
// the hourly sweep, the retention purge, the nightly backup. The metrics report them, and an
// alert says when one is late (deploy/prometheus/alerts.yml).
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

export type Job = 'sweep' | 'retention' | 'backup';

/** Records that `job` succeeded at `at`. */
export async function recordJobSuccess(db: Kysely<Database>, job: Job, at: Date): Promise<void> {
  const last_success_at = at.toISOString();
  await db
    .insertInto('job_runs')
    .values({ job, last_success_at })
    .onConflict((conflict) => conflict.column('job').doUpdateSet({ last_success_at }))
    .execute();
}

/** Each job's last success. */
export async function lastJobSuccesses(db: Kysely<Database>): Promise<Map<string, Date>> {
  const rows = await db.selectFrom('job_runs').selectAll().execute();
  return new Map(rows.map((row) => [row.job, new Date(row.last_success_at)]));
}
