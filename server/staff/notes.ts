// The desk's internal notes on a submission. They often hold a victim's details, so each is sealed
// like the submission's values, with the submission's own data key (encryption.ts): a copy of
// the database without the master key reads none, and erasing the submission erases them.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import { openText, sealText, unwrapDataKey, type MasterKey } from '../storage/encryption.ts';
import { audit } from '../storage/audit.ts';
import { newId } from '../storage/tokens.ts';

export const NOTE_MAX_LENGTH = 5000;

/** The data key of a submission, or undefined for one stored before encryption. */
async function dataKeyOf(db: Kysely<Database>, submissionId: string, masterKey: MasterKey) {
  const row = await db
    .selectFrom('submissions')
    .select('wrapped_key')
    .where('id', '=', submissionId)
    .executeTakeFirst();
  return row?.wrapped_key ? unwrapDataKey(masterKey, row.wrapped_key) : undefined;
}

/** Adds a note, sealed (the audit line says a note was added, not what it says). */
export async function addNote(
  db: Kysely<Database>,
  submissionId: string,
  memberId: string,
  text: string,
  masterKey: MasterKey,
) {
  const key = await dataKeyOf(db, submissionId, masterKey);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('submission_notes')
      .values({
        id: newId(),
        submission_id: submissionId,
        member_id: memberId,
        at: new Date().toISOString(),
        text: key ? sealText(key, text) : text,
        sealed: key ? 1 : 0,
      })
      .execute();
    await audit(trx, { memberId, action: 'note', submissionId });
  });
}

/** A submission's notes, oldest first, opened with its data key, with who wrote them. */
export async function notesOf(db: Kysely<Database>, submissionId: string, key: Buffer | undefined) {
  const rows = await db
    .selectFrom('submission_notes')
    .leftJoin('staff_members', 'staff_members.id', 'submission_notes.member_id')
    .select([
      'submission_notes.id',
      'submission_notes.at',
      'submission_notes.text',
      'submission_notes.sealed',
      'staff_members.display_name as member_name',
    ])
    .where('submission_notes.submission_id', '=', submissionId)
    .orderBy('submission_notes.at')
    .execute();
  return rows.map(({ sealed, text, ...note }) => ({
    ...note,
    text: sealed === 1 && key ? openText(key, text) : text,
  }));
}

/**
 * Seals the notes written before notes were sealed (once, when the back office starts); returns
 * how many. Instances that start together seal each note once.
 */
export async function sealOldNotes(db: Kysely<Database>, masterKey: MasterKey): Promise<number> {
  const rows = await db
    .selectFrom('submission_notes')
    .innerJoin('submissions', 'submissions.id', 'submission_notes.submission_id')
    .select(['submission_notes.id', 'submission_notes.text', 'submissions.wrapped_key'])
    .where('submission_notes.sealed', '=', 0)
    .where('submissions.wrapped_key', 'is not', null)
    .execute();
  let sealed = 0;
  for (const row of rows) {
    if (!row.wrapped_key) continue;
    const text = sealText(unwrapDataKey(masterKey, row.wrapped_key), row.text);
    const done = await db
      .updateTable('submission_notes')
      .set({ text, sealed: 1 })
      .where('id', '=', row.id)
      .where('sealed', '=', 0)
      .executeTakeFirst();
    sealed += Number(done.numUpdatedRows);
  }
  return sealed;
}
