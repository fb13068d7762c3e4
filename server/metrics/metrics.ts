// The Prometheus metrics of an instance (prom-client), served on an internal address only
// (metrics-server.ts): what it answered, what the form API accepted and refused, and, read at
// each scrape, the outbox, the scheduled work, the upload folder's disk, the database and
// readiness. deploy/prometheus/alerts.yml alerts on them; docs/operations.md says what each means.
import { statfs } from 'node:fs/promises';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { MAX_ATTEMPTS } from '../forms/mailer.ts';
import { readinessOf } from '../readiness.ts';
import type { Storage } from '../storage/database.ts';
import { lastJobSuccesses } from '../storage/job-runs.ts';

export interface Metrics {
  registry: Registry;
  /** Answers, by app (public, staff), route pattern, method and status. */
  requests: Counter<'app' | 'route' | 'method' | 'status'>;
  /** Submissions (`kind: submission`) and uploads, accepted or refused, by refusal code. */
  posts: Counter<'kind' | 'outcome' | 'reason'>;
}

export interface MetricsSources {
  storage: Storage;
  uploadDir: string;
  release: { version: string; commit: string };
}

const seconds = (date: Date) => date.getTime() / 1000;

/**
 * A gauge's collect that reports NaN (unknown: no alert compares true) when its read fails, the
 * database being down; a gauge with labels is left out of the scrape instead.
 */
const orNothing = (collect: (this: Gauge) => Promise<void>, labelled = false) =>
  async function (this: Gauge) {
    try {
      await collect.call(this);
    } catch {
      this.reset();
      if (!labelled) this.set(Number.NaN);
    }
  };

/** The gauges read from the database at each scrape; a failing read leaves them out. */
function databaseGauges(registry: Registry, storage: Storage): void {
  const { db } = storage;
  const pending = () =>
    db.selectFrom('outbox').where('sent_at', 'is', null).where('attempts', '<', MAX_ATTEMPTS);
  new Gauge({
    name: 'guichet_outbox_pending',
    help: 'Notifications waiting in the outbox to be sent',
    registers: [registry],
    collect: orNothing(async function () {
      const row = await pending()
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    }),
  });
  new Gauge({
    name: 'guichet_outbox_oldest_age_seconds',
    help: 'Age of the oldest notification waiting in the outbox (0: none)',
    registers: [registry],
    collect: orNothing(async function () {
      const row = await pending()
        .select(sql<string | null>`min(created_at)`.as('oldest'))
        .executeTakeFirst();
      this.set(row?.oldest ? Math.max(0, (Date.now() - Date.parse(row.oldest)) / 1000) : 0);
    }),
  });
  new Gauge({
    name: 'guichet_notifications_given_up',
    help: `Notifications given up after ${String(MAX_ATTEMPTS)} failed attempts (kept in the outbox)`,
    registers: [registry],
    collect: orNothing(async function () {
      const row = await db
        .selectFrom('outbox')
        .where('sent_at', 'is', null)
        .where('attempts', '>=', MAX_ATTEMPTS)
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    }),
  });
  new Gauge({
    name: 'guichet_job_last_success_timestamp_seconds',
    help: 'When the hourly sweep, the retention purge and the backup last succeeded (Unix time)',
    labelNames: ['job'],
    registers: [registry],
    collect: orNothing(async function () {
      this.reset();
      for (const [job, at] of await lastJobSuccesses(db)) this.set({ job }, seconds(at));
    }, true),
  });
  new Gauge({
    name: 'guichet_database_latency_seconds',
    help: 'Time the database took to answer a trivial query at this scrape',
    registers: [registry],
    collect: orNothing(async function () {
      const start = performance.now();
      await sql`select 1`.execute(db);
      this.set((performance.now() - start) / 1000);
    }),
  });
  new Gauge({
    name: 'guichet_ready',
    help: '1 when /api/ready answers 200 (the database answers and is migrated), else 0',
    registers: [registry],
    collect: orNothing(async function () {
      this.set((await readinessOf(storage)).ready ? 1 : 0);
    }),
  });
}

/** A registry with the instance's metrics; the counters are fed by instrument.ts. */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  // Process metrics, event-loop lag (nodejs_eventloop_lag_*) among them.
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'guichet_release_info',
    help: 'The release this instance runs (package version and commit)',
    labelNames: ['version', 'commit'],
    registers: [registry],
  }).set(sources.release, 1);
  new Gauge({
    name: 'guichet_upload_disk_free_bytes',
    help: 'Free space on the file system of UPLOAD_DIR (also the database on SQLite)',
    registers: [registry],
    collect: orNothing(async function () {
      const info = await statfs(sources.uploadDir);
      this.set(info.bavail * info.bsize);
    }),
  });
  new Gauge({
    name: 'guichet_upload_disk_size_bytes',
    help: 'Size of the file system of UPLOAD_DIR',
    registers: [registry],
    collect: orNothing(async function () {
      const info = await statfs(sources.uploadDir);
      this.set(info.blocks * info.bsize);
    }),
  });
  databaseGauges(registry, sources.storage);
  return {
    registry,
    requests: new Counter({
      name: 'guichet_http_requests_total',
      help: 'Answers by app (public, staff), route pattern, method and status',
      labelNames: ['app', 'route', 'method', 'status'],
      registers: [registry],
    }),
    posts: new Counter({
      name: 'guichet_form_posts_total',
      help: 'Submissions and uploads, accepted or refused, by the refusal code of the answer',
      labelNames: ['kind', 'outcome', 'reason'],
      registers: [registry],
    }),
  };
}
