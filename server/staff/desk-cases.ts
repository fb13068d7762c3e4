// The desk's actions on a case besides taking it (issue 42): handing it to a colleague, and
// marking it as a duplicate of another case (and undoing that). Each is one transaction with its
// audit line; the page's refusals are the results' names, translated by the route.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../storage/database.ts';
import { audit } from '../storage/audit.ts';
import { normalizeReference } from '../forms/reference.ts';
import { setHandler } from './inbox.ts';
import { newId } from '../storage/tokens.ts';

/** The members who can handle a case: every active one (agents and administrators alike). */
export async function activeMembers(db: Kysely<Database>) {
  return db
    .selectFrom('staff_members')
    .select(['id', 'display_name'])
    .where('revoked_at', 'is', null)
    .orderBy('display_name')
    .execute();
}

export type AssignResult = 'done' | 'unchanged' | 'no-submission' | 'no-member';

/**
 * Hands a submission to an active member (it becomes in progress if it was new), audited as
 * `assigned` by `byMemberId` with the new handler's id. When the desk can send e-mail, the new
 * handler is told, unless they assigned it to themselves (a link, no content).
 */
export async function assignSubmission(
  db: Kysely<Database>,
  id: string,
  memberId: string,
  byMemberId: string,
  options: { mail?: boolean; now?: Date } = {},
): Promise<AssignResult> {
  return db.transaction().execute((trx) => assignIn(trx, id, memberId, byMemberId, options));
}

/** assignSubmission within a transaction (the bulk actions hand many cases over in one). */
export async function assignIn(
  trx: Transaction<Database>,
  id: string,
  memberId: string,
  byMemberId: string,
  { mail = false, now = new Date() }: { mail?: boolean; now?: Date } = {},
): Promise<AssignResult> {
  const [submission, member] = await Promise.all([
    trx.selectFrom('submissions').select('assignee_id').where('id', '=', id).executeTakeFirst(),
    trx
      .selectFrom('staff_members')
      .select('id')
      .where('id', '=', memberId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
  ]);
  if (!submission) return 'no-submission';
  if (!member) return 'no-member';
  if (submission.assignee_id === memberId) return 'unchanged';
  await setHandler(trx, id, memberId);
  await audit(
    trx,
    { memberId: byMemberId, action: 'assigned', submissionId: id, detail: memberId },
    now,
  );
  if (mail && memberId !== byMemberId) await queueAssignedMail(trx, id, memberId, now);
  return 'done';
}

/** Queues "a case was given to you" for the conversation's mail worker (follow-up/mail.ts). */
async function queueAssignedMail(
  trx: Transaction<Database>,
  submissionId: string,
  memberId: string,
  now: Date,
) {
  const at = now.toISOString();
  await trx
    .insertInto('conversation_mail')
    .values({
      id: newId(),
      submission_id: submissionId,
      kind: 'assigned',
      recipient: memberId,
      message_id: null,
      created_at: at,
      attempts: 0,
      next_attempt_at: at,
      sent_at: null,
      last_error: null,
    })
    .execute();
}

export type DuplicateResult =
  | { done: true; original: string }
  | { done: false; reason: 'invalid' | 'self' | 'no-submission' | 'has-duplicates' }
  | { done: false; reason: 'unknown'; original: string }
  | { done: false; reason: 'chain'; original: string; of: string };

/**
 * Marks a submission as a duplicate of the case a reference names (typed as a caller reads it
 * out): it is closed, its status kept to give back on undo, audited as `duplicate` with the
 * original's reference. Refused: itself, an unknown reference, and any chain (the original is
 * a duplicate itself, or other cases are duplicates of this one): each case has one original.
 */
export async function markDuplicate(
  db: Kysely<Database>,
  id: string,
  typed: string,
  byMemberId: string,
): Promise<DuplicateResult> {
  const original = normalizeReference(typed);
  if (!original) return { done: false, reason: 'invalid' };
  if (original === id) return { done: false, reason: 'self' };
  return db.transaction().execute(async (trx): Promise<DuplicateResult> => {
    const cases = await trx
      .selectFrom('submissions')
      .select(['id', 'status', 'duplicate_of'])
      .where('id', 'in', [id, original])
      .execute();
    const self = cases.find((row) => row.id === id);
    const target = cases.find((row) => row.id === original);
    if (!self) return { done: false, reason: 'no-submission' };
    if (!target) return { done: false, reason: 'unknown', original };
    if (target.duplicate_of) {
      return { done: false, reason: 'chain', original, of: target.duplicate_of };
    }
    const copies = await trx
      .selectFrom('submissions')
      .select('id')
      .where('duplicate_of', '=', id)
      .limit(1)
      .execute();
    if (copies.length) return { done: false, reason: 'has-duplicates' };
    await trx
      .updateTable('submissions')
      .set({
        duplicate_of: original,
        // Marked again (another original): the status from before the first marking stays.
        duplicate_status: self.duplicate_of ? undefined : self.status,
        status: 'closed',
      })
      .where('id', '=', id)
      .execute();
    await audit(trx, {
      memberId: byMemberId,
      action: 'duplicate',
      submissionId: id,
      detail: original,
    });
    return { done: true, original };
  });
}

/**
 * Undoes the marking: no longer a duplicate, and back to the status it had before, if it is
 * still closed. Audited as `not-duplicate` with the former original. False if it was none.
 */
export async function undoDuplicate(
  db: Kysely<Database>,
  id: string,
  byMemberId: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('submissions')
      .select(['status', 'duplicate_of', 'duplicate_status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row?.duplicate_of) return false;
    await trx
      .updateTable('submissions')
      .set({
        duplicate_of: null,
        duplicate_status: null,
        ...(row.status === 'closed' && row.duplicate_status
          ? { status: row.duplicate_status }
          : {}),
      })
      .where('id', '=', id)
      .execute();
    await audit(trx, {
      memberId: byMemberId,
      action: 'not-duplicate',
      submissionId: id,
      detail: row.duplicate_of,
    });
    return true;
  });
}

/** The references marked as duplicates of a case, oldest first. */
export async function duplicatesOf(db: Kysely<Database>, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('submissions')
    .select('id')
    .where('duplicate_of', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
