// The form API's scheduled work: the hourly sweep (unclaimed uploads, expired proofs and
// counters: sweep.ts; submissions past their retention: retention.ts). On SQLite, one process:
// a timer. On PostgreSQL, where several instances share the database, a job queue
// (graphile-worker) whose cron runs each hourly sweep once across all instances, and after a
// restart or an outage runs the sweep it missed (up to 3 hours back).
import { Logger, run, type Runner } from 'graphile-worker';
import type { FormDefinition } from '../../src/forms/definition.ts';
import type { Storage } from '../storage/database.ts';
import { startSweeper, sweepAndPurge } from './sweep.ts';

/** Every hour on the hour; a missed hour is run late (fill), at most 3 hours back. */
export const SWEEP_CRONTAB = '0 * * * * sweep ?fill=3h&max=1';

export interface ScheduledWork {
  stop: () => Promise<void>;
}

interface ScheduledOptions {
  databaseUrl: string;
  uploadDir: string;
  forms: ReadonlyMap<string, FormDefinition>;
  intervalMs: number;
  maxAgeMs: number;
  log: {
    info: (object: object, message: string) => void;
    warn: (object: object, message: string) => void;
    error: (object: object, message: string) => void;
  };
}

/** Starts the sweep: a timer on SQLite, the shared job queue on PostgreSQL. */
export async function startScheduledWork(
  storage: Pick<Storage, 'db' | 'dialect'>,
  options: ScheduledOptions,
): Promise<ScheduledWork> {
  const { db } = storage;
  if (storage.dialect === 'sqlite') return startSweeper(db, options.uploadDir, options);
  const { log } = options;
  // graphile-worker's own messages go to the server's log: warnings and errors only.
  const logger = new Logger(() => (level, message) => {
    if (level === 'error') log.error({}, `job queue: ${message}`);
    else if (level === 'warning') log.warn({}, `job queue: ${message}`);
  });
  const runner: Runner = await run({
    connectionString: options.databaseUrl,
    concurrency: 1,
    // The server closes the queue itself on SIGTERM (shutdown.ts), after its requests.
    noHandleSignals: true,
    pollInterval: 10_000,
    logger,
    crontab: SWEEP_CRONTAB,
    taskList: {
      sweep: async () => {
        const result = await sweepAndPurge(
          db,
          options.uploadDir,
          options.forms,
          new Date(),
          options.maxAgeMs,
        );
        log.info(result, 'scheduled sweep ran');
      },
    },
  });
  return { stop: () => runner.stop() };
}
