// Submissions and uploads in the database: a submission, its proof of work, the claim of its
// uploaded files and its notification are written in one transaction (shared with the
// submissions that arrive at the same time: group commit), so an acknowledged submission is
// complete, and the proof of a batch that fails to commit is not spent.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { CleanValues } from '../../src/forms/schema.ts';
import type { Database, UploadTable } from '../storage/database.ts';
import { newDataKey, readSealed, sealText, type MasterKey } from '../storage/encryption.ts';
import { GroupCommit } from '../storage/group-commit.ts';
import { searchableTexts, tokensOf } from '../storage/search-index.ts';
import { replyChannelOf } from './reply-channel.ts';
import { spendProof, type Proof } from './spam.ts';

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
  /** The submission's proof of work: refused when another submission spent it first. */
  proof?: Proof;
  /** Wraps the submission's data key: its values are stored encrypted. */
  masterKey: MasterKey;
  /** The follow-up code's hash (forms/follow-up-code.ts), for a form with `followUp`. */
  codeHash?: string;
}

export type InsertResult =
  | { stored: true; reference: string }
  | { stored: false; reason: 'files'; missingFiles: string[] }
  | { stored: false; reason: 'proof' };

/**
 * The file fields whose tokens are not (or no longer) waiting uploads of this form and field,
 * and the names the visitor gave the files (for the search index): one query, so that a
 * submission reaches the group commit's queue after as few awaits as before the index (two
 * sent together still queue in the order they arrived).
 */
async function waitingUploads(
  db: Kysely<Database>,
  submission: NewSubmission,
): Promise<{ missing: string[]; fileNames: string[] }> {
  const tokens = Object.values(submission.files).flat();
  if (tokens.length === 0) return { missing: [], fileNames: [] };
  const rows = await db
    .selectFrom('uploads')
    .select(['token', 'field', 'file_name', 'wrapped_key'])
    .where('token', 'in', tokens)
    .where('form_id', '=', submission.formId)
    .where('submission_id', 'is', null)
    .execute();
  const found = new Map(rows.map((row) => [row.token, row.field]));
  const missing = Object.entries(submission.files)
    .filter(([field, list]) => list.some((token) => found.get(token) !== field))
    .map(([field]) => field);
  const fileNames = rows.map((row) =>
    readSealed(submission.masterKey, row.wrapped_key, row.file_name),
  );
  return { missing, fileNames };
}

interface PendingSubmission extends NewSubmission {
  reference: string;
  createdAt: string;
  /** The values, encrypted, and the wrapped key that opens them. */
  sealed: { data: string; wrappedKey: string };
  /** The search tokens of its words and file names (ADR 0031). */
  searchTokens: number[];
}

/**
 * Takes a submission's files; when another submission took one of them between the check and
 * this transaction, undoes this submission's rows instead and says so.
 */
async function claimUploads(
  trx: Transaction<Database>,
  submission: PendingSubmission,
): Promise<boolean> {
  const tokens = Object.values(submission.files).flat();
  if (tokens.length === 0) return true;
  const claimed = await trx
    .updateTable('uploads')
    .set({ submission_id: submission.reference })
    .where('token', 'in', tokens)
    .where('form_id', '=', submission.formId)
    .where('submission_id', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === tokens.length) return true;
  // What it claimed was unclaimed before (submission_id is null above), so this restores it;
  // the other submissions of the transaction are untouched.
  await trx
    .updateTable('uploads')
    .set({ submission_id: null })
    .where('submission_id', '=', submission.reference)
    .execute();
  await trx
    .deleteFrom('submission_tokens')
    .where('submission_id', '=', submission.reference)
    .execute();
  await trx.deleteFrom('submissions').where('id', '=', submission.reference).execute();
  return false;
}

/**
 * Writes a batch of submissions in one transaction: their proofs, one insert for all rows, then
 * the claims of their files.
 */
async function writeSubmissions(
  trx: Transaction<Database>,
  batch: PendingSubmission[],
): Promise<InsertResult[]> {
  const results: (InsertResult | undefined)[] = [];
  const fresh: PendingSubmission[] = [];
  for (const submission of batch) {
    if (submission.proof && !(await spendProof(trx, submission.proof))) {
      results.push({ stored: false, reason: 'proof' });
    } else {
      results.push(undefined);
      fresh.push(submission);
    }
  }
  if (fresh.length) {
    await trx
      .insertInto('submissions')
      .values(
        fresh.map((submission) => ({
          id: submission.reference,
          form_id: submission.formId,
          lang: submission.lang,
          data: submission.sealed.data,
          wrapped_key: submission.sealed.wrappedKey,
          created_at: submission.createdAt,
          topic: typeof submission.values.topic === 'string' ? submission.values.topic : null,
          code_hash: submission.codeHash ?? null,
          reply_channel: replyChannelOf(submission.values),
          search_key: submission.masterKey.id,
        })),
      )
      .execute();
    const tokens = fresh.flatMap((submission) =>
      submission.searchTokens.map((token) => ({ token, submission_id: submission.reference })),
    );
    for (let start = 0; start < tokens.length; start += 400) {
      await trx
        .insertInto('submission_tokens')
        .values(tokens.slice(start, start + 400))
        .execute();
    }
  }
  const notify: PendingSubmission[] = [];
  for (const [index, submission] of batch.entries()) {
    if (results[index]) continue;
    if (await claimUploads(trx, submission)) {
      results[index] = { stored: true, reference: submission.reference };
      if (submission.notify) notify.push(submission);
    } else {
      results[index] = {
        stored: false,
        reason: 'files',
        missingFiles: Object.keys(submission.files),
      };
    }
  }
  if (notify.length) {
    await trx
      .insertInto('outbox')
      .values(
        notify.map((submission) => ({
          submission_id: submission.reference,
          form_id: submission.formId,
          created_at: submission.createdAt,
          attempts: 0,
          next_attempt_at: submission.createdAt,
          sent_at: null,
          last_error: null,
        })),
      )
      .execute();
  }
  return results.map((result) => {
    if (!result) throw new Error('group commit: a submission without a result');
    return result;
  });
}

// One queue per database: submissions from all requests share its transactions.
const committers = new WeakMap<Kysely<Database>, GroupCommit<PendingSubmission, InsertResult>>();

/**
 * Stores a submission with its files and notification, all or nothing; resolves once it is
 * durably committed (together with the submissions that arrived at the same time).
 */
export async function insertSubmission(
  db: Kysely<Database>,
  submission: NewSubmission,
  now = new Date(),
): Promise<InsertResult> {
  const { missing, fileNames } = await waitingUploads(db, submission);
  if (missing.length) return { stored: false, reason: 'files', missingFiles: missing };
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommit(db, writeSubmissions);
    committers.set(db, committer);
  }
  // Encrypted and indexed before the queue: the shared transaction does no more work per
  // submission.
  const dataKey = newDataKey(submission.masterKey);
  const texts = searchableTexts(submission.values, Object.keys(submission.files), fileNames);
  return committer.run({
    ...submission,
    searchTokens: tokensOf(submission.masterKey, texts),
    reference: newReference(),
    createdAt: now.toISOString(),
    sealed: {
      data: sealText(dataKey.key, JSON.stringify(submission.values)),
      wrappedKey: dataKey.wrapped,
    },
  });
}

/** Records a received file (not yet part of a submission). */
export async function insertUpload(db: Kysely<Database>, upload: UploadTable): Promise<void> {
  await db.insertInto('uploads').values(upload).execute();
}
