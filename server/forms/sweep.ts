// The scheduled clean-up of the form API: uploads that no submission claimed within a day (rows
// first, then files), files without a row (left by a crash between the two), files left half
// received, and proof-of-work solutions past their expiry. One small function with the clock
// passed in, so a job queue can call it as well as the timer below.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { FormDefinition } from '../../src/forms/definition.ts';
import { applyRetention } from './retention.ts';
import type { Database } from '../storage/database.ts';
import { recordJobSuccess } from '../storage/job-runs.ts';
import { scrubDeleted } from '../storage/erasure.ts';
import { PARTIAL_DIR } from './uploads.ts';

/** Unclaimed uploads older than this are deleted (README "Configuration"). */
export const ORPHAN_AGE_MS = 24 * 3_600_000;

export interface SweepResult {
  /** Unclaimed uploads deleted, row and file. */
  uploads: number;
  /** Files deleted that had no row: half received, or left by a crash. */
  strayFiles: number;
  /** Expired proof-of-work solutions forgotten. */
  proofs: number;
}

// Upload tokens (server/forms/store.ts): what a kept file is named.
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** Files of a folder (not folders) last changed before `cutoff`. */
async function oldFiles(dir: string, cutoff: number): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const old: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const info = await stat(join(dir, entry.name)).catch(() => null);
    if (info && info.mtimeMs < cutoff) old.push(entry.name);
  }
  return old;
}

/** Runs the clean-up once, as of `now`. */
export async function sweepUploads(
  db: Kysely<Database>,
  uploadDir: string,
  now: Date,
  maxAgeMs = ORPHAN_AGE_MS,
): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - maxAgeMs);
  // Rows first, in one transaction: a crash after it leaves files without rows, which the next
  // pass deletes; never a row whose file is gone.
  const tokens = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('uploads')
      .select('token')
      .where('submission_id', 'is', null)
      .where('created_at', '<', cutoff.toISOString())
      .execute();
    const found = rows.map((row) => row.token);
    for (let start = 0; start < found.length; start += 500) {
      await trx
        .deleteFrom('uploads')
        .where('token', 'in', found.slice(start, start + 500))
        .where('submission_id', 'is', null)
        .execute();
    }
    return found;
  });
  for (const token of tokens) await rm(join(uploadDir, token), { force: true });
  // Their names and data keys are not left in the database's files either (erasure.ts).
  if (tokens.length) await scrubDeleted(db);

  // Files without a row, old enough that no upload is still being kept.
  const candidates = (await oldFiles(uploadDir, cutoff.getTime())).filter((name) =>
    TOKEN.test(name),
  );
  let strayFiles = 0;
  for (let start = 0; start < candidates.length; start += 500) {
    const chunk = candidates.slice(start, start + 500);
    const known = new Set(
      (await db.selectFrom('uploads').select('token').where('token', 'in', chunk).execute()).map(
        (row) => row.token,
      ),
    );
    for (const name of chunk.filter((token) => !known.has(token))) {
      await rm(join(uploadDir, name), { force: true });
      strayFiles++;
    }
  }
  const partial = join(uploadDir, PARTIAL_DIR);
  for (const name of await oldFiles(partial, cutoff.getTime())) {
    await rm(join(partial, name), { force: true });
    strayFiles++;
  }

  const proofs = await db
    .deleteFrom('used_proofs')
    .where('expires_at', '<', now.toISOString())
    .executeTakeFirst();
  // Rate-limit counters whose window has passed (kept only on PostgreSQL).
  await db.deleteFrom('rate_limits').where('expires_at', '<', now.toISOString()).execute();
  // Follow-up sessions that went idle (follow-up/sessions.ts): refused already, now gone.
  await db.deleteFrom('follow_up_sessions').where('expires_at', '<=', now.toISOString()).execute();
  return { uploads: tokens.length, strayFiles, proofs: Number(proofs.numDeletedRows) };
}

/**
 * The hourly work: the sweep, then the retention purge, each recorded in job_runs when it
 * succeeds (the metrics and alerts read it).
 */
export async function sweepAndPurge(
  db: Kysely<Database>,
  uploadDir: string,
  forms: ReadonlyMap<string, FormDefinition>,
  now: Date,
  maxAgeMs = ORPHAN_AGE_MS,
): Promise<SweepResult & { purged: number }> {
  const swept = await sweepUploads(db, uploadDir, now, maxAgeMs);
  await recordJobSuccess(db, 'sweep', new Date());
  const purged = await applyRetention(db, uploadDir, forms, now);
  await recordJobSuccess(db, 'retention', new Date());
  return { ...swept, purged };
}

export interface Sweeper {
  /** Stops the timer and waits for a sweep under way. */
  stop: () => Promise<void>;
}

/**
 * Sweeps now and then every `intervalMs`: unclaimed uploads, then submissions past their form's
 * retention (retention.ts); errors are logged, never thrown.
 */
export function startSweeper(
  db: Kysely<Database>,
  uploadDir: string,
  options: {
    intervalMs: number;
    maxAgeMs: number;
    forms: ReadonlyMap<string, FormDefinition>;
    now?: () => Date;
    log: {
      info: (object: object, message: string) => void;
      error: (object: object, message: string) => void;
    };
  },
): Sweeper {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= sweepAndPurge(db, uploadDir, options.forms, now(), options.maxAgeMs)
      .then(({ purged, ...result }) => {
        if (result.uploads || result.strayFiles)
          options.log.info(result, 'unclaimed uploads swept');
        if (purged) options.log.info({ purged }, 'submissions past their retention deleted');
      })
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'the sweep failed');
      })
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs);
  // The sweep never keeps the process alive on its own.
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
