// The end of a submission: its rows, files and notification gone, one audit line kept. The
// retention sweep, a visitor's erasure and the desk all delete through here.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { audit } from '../storage/audit.ts';
import type { Database } from '../storage/database.ts';
import { scrubDeleted } from '../storage/erasure.ts';

/**
 * The tables whose rows belong to one submission (by `submission_id`), its uploads aside (their
 * files go too). Both deletions name them: SQLite only cascades with foreign_keys on, and a
 * victim's words must not outlive the submission because a connection had it off.
 */
export const SUBMISSION_ROWS = [
  'outbox',
  'submission_notes',
  'submission_tokens',
  'conversation_messages',
  'conversation_mail',
  'follow_up_sessions',
] as const;

/**
 * Deletes one submission (a visitor's erasure request, or its retention period over) with its
 * files, notes and notification; rows first in one transaction, then the files, then what the
 * database's files still held of them (erasure.ts; `scrub: false` when the caller scrubs once
 * after many). The audit log keeps a line without content: who (nobody for the sweep), and why.
 */
export async function deleteSubmission(
  db: Kysely<Database>,
  uploadDir: string,
  id: string,
  why:
    | { memberId: string; action: 'deleted' }
    | { memberId: null; action: 'purged'; detail: string }
    | { memberId: null; action: 'erased-by-visitor' },
  { scrub = true } = {},
): Promise<boolean> {
  const tokens = await db.transaction().execute(async (trx) => {
    const files = await trx
      .selectFrom('uploads')
      .select('token')
      .where('submission_id', '=', id)
      .execute();
    await trx.deleteFrom('uploads').where('submission_id', '=', id).execute();
    for (const table of SUBMISSION_ROWS) {
      await trx.deleteFrom(table).where('submission_id', '=', id).execute();
    }
    const gone = await trx.deleteFrom('submissions').where('id', '=', id).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return null;
    await audit(trx, { ...why, submissionId: id });
    return files.map((file) => file.token);
  });
  if (!tokens) return false;
  await Promise.all(tokens.map((token) => rm(join(uploadDir, token), { force: true })));
  if (scrub) await scrubDeleted(db);
  return true;
}
