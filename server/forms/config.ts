// The submissions service's settings, from the environment (src/config/environment.ts, README
// "Configuration").
import { resolve } from 'node:path';
import type { Migration } from 'kysely/migration';
import { readEnvironment } from '../../src/config/environment.ts';
import { loadMasterKey } from '../storage/master-key.ts';
import type { MasterKey } from '../storage/encryption.ts';

export interface FormsConfig {
  /** The repository root: relative paths below are resolved against it. */
  root: string;
  /** content/forms lives here. */
  contentDir: string;
  /** "sqlite:var/site.db" (default), "sqlite::memory:" or "postgres://…". */
  databaseUrl: string;
  uploadDir: string;
  /** Encrypts what visitors send (SUBMISSIONS_KEY): server/storage/encryption.ts. */
  masterKey: MasterKey;
  /** Notification e-mail; off when unset. */
  smtpUrl?: string;
  smtpFrom?: string;
  /** The back office's address, for the link in the notification (STAFF_ORIGIN). */
  staffOrigin?: string;
  /** HMAC secret of the proof-of-work challenges; random per start when unset. */
  secret?: string;
  /** Per address and window: accepted submission attempts, and uploads. */
  rateLimit: { submissions: number; uploads: number; windowMs: number };
  /** Upload byte budgets (server/forms/upload-quota.ts) and the sweep of unclaimed uploads. */
  uploads: {
    perAddressBytes: number;
    perAddressWindowMs: number;
    pendingBytes: number;
    /** Unclaimed uploads older than this are deleted by the sweep. */
    orphanAgeMs: number;
    sweepIntervalMs: number;
  };
  /** The proof-of-work counter range (the work a browser does); lower only for benchmarks. */
  proofOfWork?: { counterMin: number; counterMax: number };
  /** The schema's migrations, when not this release's (tests of upgrades: a newer release's). */
  migrations?: Readonly<Record<string, Migration>>;
}

const MB = 1024 * 1024;
const HOUR = 3_600_000;

/**
 * Reads DATABASE_URL, UPLOAD_DIR, SMTP_URL, SMTP_FROM, FORM_SECRET, FORM_RATE_LIMIT,
 * UPLOAD_LIMIT_PER_ADDRESS and UPLOAD_LIMIT_PENDING.
 */
export function formsConfigFromEnv(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): FormsConfig {
  const vars = readEnvironment(env);
  const submissions = vars.FORM_RATE_LIMIT;
  const staffOrigin =
    vars.STAFF_ORIGIN ??
    (vars.STAFF_PORT ? `http://localhost:${String(vars.STAFF_PORT)}` : undefined);
  return {
    root,
    contentDir: resolve(root, vars.CONTENT_DIR),
    databaseUrl: vars.DATABASE_URL,
    masterKey: loadMasterKey(vars, root),
    uploadDir: resolve(root, vars.UPLOAD_DIR),
    ...(vars.SMTP_URL ? { smtpUrl: vars.SMTP_URL } : {}),
    ...(vars.SMTP_FROM ? { smtpFrom: vars.SMTP_FROM } : {}),
    ...(staffOrigin ? { staffOrigin } : {}),
    ...(vars.FORM_SECRET ? { secret: vars.FORM_SECRET } : {}),
    rateLimit: { submissions, uploads: submissions * 4, windowMs: 10 * 60_000 },
    uploads: {
      perAddressBytes: vars.UPLOAD_LIMIT_PER_ADDRESS * MB,
      perAddressWindowMs: 24 * HOUR,
      pendingBytes: vars.UPLOAD_LIMIT_PENDING * MB,
      orphanAgeMs: 24 * HOUR,
      sweepIntervalMs: HOUR,
    },
  };
}
