// Submissions and uploads in the database: a submission, the claim of its uploaded files and
// its notification are written in one transaction, so an acknowledged submission is complete.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CleanValues } from '../../src/forms/schema.ts';
import type { Database, UploadTable } from '../storage/database.ts';

// Crockford's base 32: no I, L, O or U, so a reference read over the phone is not misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new reference number such as "K7QD-M2XA-9F" (50 random bits). */
export function newReference(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31] ?? '0').join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 10)}`;
}

/** A new upload token: 24 random bytes, URL-safe. */
export function newUploadToken(): string {
  return randomBytes(24).toString('base64url');
}

export interface NewSubmission {
  formId: string;
  lang: string;
  values: CleanValues;
  /** Upload tokens by file field. */
  files: Record<string, string[]>;
  notify: boolean;
}

export type InsertResult =
  { stored: true; reference: string } | { stored: false; missingFiles: string[] };

class UploadsTaken extends Error {}

/** File fields whose tokens are not (or no longer) waiting uploads of this form and field. */
export async function missingUploads(
  db: Kysely<Database>,
  formId: string,
  files: Record<string, string[]>,
): Promise<string[]> {
  const tokens = Object.values(files).flat();
  if (tokens.length === 0) return [];
  const rows = await db
    .selectFrom('uploads')
    .select(['token', 'field'])
    .where('token', 'in', tokens)
    .where('form_id', '=', formId)
    .where('submission_id', 'is', null)
    .execute();
  const found = new Map(rows.map((row) => [row.token, row.field]));
  return Object.entries(files)
    .filter(([field, list]) => list.some((token) => found.get(token) !== field))
    .map(([field]) => field);
}

/** Stores a submission with its files and notification; all or nothing. */
export async function insertSubmission(
  db: Kysely<Database>,
  submission: NewSubmission,
  now = new Date(),
): Promise<InsertResult> {
  const missing = await missingUploads(db, submission.formId, submission.files);
  if (missing.length) return { stored: false, missingFiles: missing };
  const reference = newReference();
  const createdAt = now.toISOString();
  const tokens = Object.values(submission.files).flat();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('submissions')
        .values({
          id: reference,
          form_id: submission.formId,
          lang: submission.lang,
          data: JSON.stringify(submission.values),
          created_at: createdAt,
        })
        .execute();
      if (tokens.length) {
        const claimed = await trx
          .updateTable('uploads')
          .set({ submission_id: reference })
          .where('token', 'in', tokens)
          .where('form_id', '=', submission.formId)
          .where('submission_id', 'is', null)
          .executeTakeFirst();
        // Another submission took a file between the check and this transaction.
        if (Number(claimed.numUpdatedRows) !== tokens.length) throw new UploadsTaken();
      }
      if (submission.notify) {
        await trx
          .insertInto('outbox')
          .values({
            submission_id: reference,
            form_id: submission.formId,
            created_at: createdAt,
            attempts: 0,
            next_attempt_at: createdAt,
            sent_at: null,
            last_error: null,
          })
          .execute();
      }
    });
  } catch (error) {
    if (error instanceof UploadsTaken) {
      return { stored: false, missingFiles: Object.keys(submission.files) };
    }
    throw error;
  }
  return { stored: true, reference };
}

/** Records a received file (not yet part of a submission). */
export async function insertUpload(db: Kysely<Database>, upload: UploadTable): Promise<void> {
  await db.insertInto('uploads').values(upload).execute();
}
