// The visitor's follow-up sessions (ADR 0030): a right reference and code open one for 30
// minutes without activity; the token travels in a header (never a cookie, never a URL) and the
// database keeps only its SHA-256. Failures count per conversation: after 10 in a UTC day the
// conversation refuses every code until the next day, and its history says so.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import { audit } from '../storage/audit.ts';
import { hashToken, newToken } from '../storage/tokens.ts';
import { checkFollowUpCode } from '../forms/follow-up-code.ts';

export const IDLE_MS = 30 * 60_000;
export const FAILURES_PER_DAY = 10;

export type OpenResult =
  | { opened: true; token: string; submissionId: string }
  | { opened: false; reason: 'wrong' | 'locked' };

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Checks a reference and a code; opens a session when both are right. An unknown reference, a
 * submission without a code and a wrong code all cost one scrypt run and answer "wrong".
 */
export async function openFollowUpSession(
  db: Kysely<Database>,
  reference: string,
  code: string,
  now = new Date(),
): Promise<OpenResult> {
  const row = await db
    .selectFrom('submissions')
    .select(['id', 'code_hash', 'code_failures', 'code_failures_day'])
    .where('id', '=', reference)
    .executeTakeFirst();
  const today = dayOf(now);
  const failures = row?.code_failures_day === today ? row.code_failures : 0;
  // Checked even when locked, so a locked conversation answers after the same work.
  const right = await checkFollowUpCode(row?.code_hash ?? null, code);
  if (row && failures >= FAILURES_PER_DAY) return { opened: false, reason: 'locked' };
  if (!row || !right) {
    if (row?.code_hash) {
      await db
        .updateTable('submissions')
        .set({ code_failures: failures + 1, code_failures_day: today })
        .where('id', '=', row.id)
        .execute();
      if (failures + 1 === FAILURES_PER_DAY) {
        await audit(db, { memberId: null, action: 'code-locked', submissionId: row.id }, now);
      }
    }
    return { opened: false, reason: 'wrong' };
  }
  const token = newToken();
  await db
    .insertInto('follow_up_sessions')
    .values({
      token_hash: hashToken(token),
      submission_id: row.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IDLE_MS).toISOString(),
    })
    .execute();
  return { opened: true, token, submissionId: row.id };
}

/** The submission of a live session, its idle time restarted; null for none or an idle one. */
export async function sessionSubmission(
  db: Kysely<Database>,
  token: string | undefined,
  now = new Date(),
): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('follow_up_sessions')
    .select(['submission_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= now.toISOString()) {
    await db.deleteFrom('follow_up_sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  await db
    .updateTable('follow_up_sessions')
    .set({ expires_at: new Date(now.getTime() + IDLE_MS).toISOString() })
    .where('token_hash', '=', tokenHash)
    .execute();
  return row.submission_id;
}

/** Ends a session (Close, Leave this site); nothing happens for an unknown token. */
export async function endFollowUpSession(db: Kysely<Database>, token: string | undefined) {
  if (!token || token.length > 100) return;
  await db.deleteFrom('follow_up_sessions').where('token_hash', '=', hashToken(token)).execute();
}
