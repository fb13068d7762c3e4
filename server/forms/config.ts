// The submissions service's settings, from the environment (README "Configuration").
import { resolve } from 'node:path';

export interface FormsConfig {
  /** The repository root: relative paths below are resolved against it. */
  root: string;
  /** content/forms lives here. */
  contentDir: string;
  /** "sqlite:var/site.db" (default), "sqlite::memory:" or "postgres://…". */
  databaseUrl: string;
  uploadDir: string;
  /** Notification e-mail; off when unset. */
  smtpUrl?: string;
  smtpFrom?: string;
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
}

const positive = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`${name} must be a whole number of at least 1, not "${value}"`);
  }
  return number;
};

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
  const submissions = positive(env.FORM_RATE_LIMIT, 'FORM_RATE_LIMIT') ?? 20;
  return {
    root,
    contentDir: resolve(root, env.CONTENT_DIR ?? 'content'),
    databaseUrl: env.DATABASE_URL ?? 'sqlite:var/site.db',
    uploadDir: resolve(root, env.UPLOAD_DIR ?? 'var/uploads'),
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    ...(env.SMTP_FROM ? { smtpFrom: env.SMTP_FROM } : {}),
    ...(env.FORM_SECRET ? { secret: env.FORM_SECRET } : {}),
    rateLimit: { submissions, uploads: submissions * 4, windowMs: 10 * 60_000 },
    uploads: {
      perAddressBytes:
        (positive(env.UPLOAD_LIMIT_PER_ADDRESS, 'UPLOAD_LIMIT_PER_ADDRESS') ?? 200) * MB,
      perAddressWindowMs: 24 * HOUR,
      pendingBytes: (positive(env.UPLOAD_LIMIT_PENDING, 'UPLOAD_LIMIT_PENDING') ?? 2048) * MB,
      orphanAgeMs: 24 * HOUR,
      sweepIntervalMs: HOUR,
    },
  };
}
