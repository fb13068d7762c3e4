// What operators do with stored submissions: export a form's submissions (CSV, XLSX or JSON:
// spreadsheet.ts) and purge old ones with their files (`npm run submissions`,
// server/submissions-cli.ts).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { FormDefinition } from '../../src/forms/definition.ts';
import type { Database } from '../storage/database.ts';
import { readSealed, type MasterKey } from '../storage/encryption.ts';
import { scrubDeleted } from '../storage/erasure.ts';
import { SUBMISSION_ROWS } from './deletion.ts';
import {
  submissionRows,
  toCsv,
  toXlsx,
  type CsvDelimiter,
  type ExportedSubmission,
} from './spreadsheet.ts';

export type { ExportedSubmission };

export type ExportFormat = 'csv' | 'xlsx' | 'json';

/** A form's submissions, oldest first, with their files. */
export async function readSubmissions(
  db: Kysely<Database>,
  formId: string,
  masterKey: MasterKey,
): Promise<ExportedSubmission[]> {
  const rows = await db
    .selectFrom('submissions')
    .selectAll()
    .where('form_id', '=', formId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const uploads = await db
    .selectFrom('uploads')
    .select(['token', 'field', 'file_name', 'media_type', 'size', 'submission_id', 'wrapped_key'])
    .where('form_id', '=', formId)
    .where('submission_id', 'is not', null)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => {
    const files: ExportedSubmission['files'] = {};
    for (const upload of uploads.filter((item) => item.submission_id === row.id)) {
      (files[upload.field] ??= []).push({
        name: readSealed(masterKey, upload.wrapped_key, upload.file_name),
        token: upload.token,
        type: upload.media_type,
        size: upload.size,
      });
    }
    return {
      reference: row.id,
      createdAt: row.created_at,
      lang: row.lang,
      values: JSON.parse(readSealed(masterKey, row.wrapped_key, row.data)) as Record<
        string,
        unknown
      >,
      files,
    };
  });
}

export interface ExportOptions {
  delimiter?: CsvDelimiter;
  /** Opens the encrypted values and file names. */
  masterKey: MasterKey;
  /** Told how many submissions the export holds (the command line's audit line counts them). */
  onCount?: (count: number) => void;
}

/** Exports a form's submissions: CSV and JSON as text, XLSX as bytes. */
export async function exportSubmissions(
  db: Kysely<Database>,
  form: FormDefinition,
  format: 'csv' | 'json',
  options: ExportOptions,
): Promise<string>;
export async function exportSubmissions(
  db: Kysely<Database>,
  form: FormDefinition,
  format: 'xlsx',
  options: ExportOptions,
): Promise<Buffer>;
export async function exportSubmissions(
  db: Kysely<Database>,
  form: FormDefinition,
  format: ExportFormat,
  options: ExportOptions,
): Promise<string | Buffer>;
export async function exportSubmissions(
  db: Kysely<Database>,
  form: FormDefinition,
  format: ExportFormat,
  { delimiter = ';', masterKey, onCount }: ExportOptions,
): Promise<string | Buffer> {
  const submissions = await readSubmissions(db, form.id, masterKey);
  onCount?.(submissions.length);
  if (format === 'json') return `${JSON.stringify(submissions, null, 2)}\n`;
  const rows = submissionRows(form, submissions);
  return format === 'csv' ? toCsv(rows, delimiter) : toXlsx(rows, form.id);
}

/** "180d", "12h" → milliseconds; throws on anything else. */
export function parseAge(text: string): number {
  const match = /^(\d+)([dh])$/.exec(text.trim());
  if (!match)
    throw new Error(
      `--older-than takes a number of days or hours, such as 180d or 12h, not "${text}"`,
    );
  const hours = Number(match[1]) * (match[2] === 'd' ? 24 : 1);
  return hours * 3_600_000;
}

export interface PurgeResult {
  submissions: number;
  files: number;
}

/**
 * Deletes submissions created before `before` (all forms, or one), their uploaded files and
 * notifications, and uploads that no submission claimed by then. Rows go first, in one
 * transaction; then the files, so a crash leaves at most unreferenced files, never rows
 * pointing at deleted ones; then what the database's files still held of them (erasure.ts).
 */
export async function purgeSubmissions(
  db: Kysely<Database>,
  uploadDir: string,
  before: Date,
  formId?: string,
): Promise<PurgeResult> {
  const cutoff = before.toISOString();
  const { tokens, submissions } = await db.transaction().execute(async (trx) => {
    let old = trx.selectFrom('submissions').select('id').where('created_at', '<', cutoff);
    if (formId) old = old.where('form_id', '=', formId);
    const ids = (await old.execute()).map((row) => row.id);
    let files = trx
      .selectFrom('uploads')
      .select('token')
      .where((eb) =>
        eb.or([
          ...(ids.length ? [eb('submission_id', 'in', ids)] : []),
          eb.and([eb('submission_id', 'is', null), eb('created_at', '<', cutoff)]),
        ]),
      );
    if (formId) files = files.where('form_id', '=', formId);
    const tokens = (await files.execute()).map((row) => row.token);
    // Explicit deletes, of every row of the submission (SUBMISSION_ROWS): no cascade relied on.
    for (let start = 0; start < tokens.length; start += 500) {
      await trx
        .deleteFrom('uploads')
        .where('token', 'in', tokens.slice(start, start + 500))
        .execute();
    }
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      for (const table of SUBMISSION_ROWS) {
        await trx.deleteFrom(table).where('submission_id', 'in', chunk).execute();
      }
      await trx.deleteFrom('submissions').where('id', 'in', chunk).execute();
    }
    return { tokens, submissions: ids.length };
  });
  for (const token of tokens) await rm(join(uploadDir, token), { force: true });
  if (submissions || tokens.length) await scrubDeleted(db);
  return { submissions, files: tokens.length };
}
