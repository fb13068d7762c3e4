// What operators do with stored submissions: export a form's submissions (CSV or JSON) and
// purge old ones together with their files (`npm run submissions`, server/submissions-cli.ts).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { FormDefinition } from '../../src/forms/definition.ts';
import { inputFields, localizeForm } from '../../src/forms/local-form.ts';
import type { Database } from '../storage/database.ts';

export type ExportFormat = 'csv' | 'json';

export interface ExportedSubmission {
  reference: string;
  createdAt: string;
  lang: string;
  values: Record<string, unknown>;
  /** The files of each file field: the reader's file name and the file's name in UPLOAD_DIR. */
  files: Record<string, { name: string; token: string; type: string; size: number }[]>;
}

/** A form's submissions, oldest first, with their files. */
export async function readSubmissions(
  db: Kysely<Database>,
  formId: string,
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
    .select(['token', 'field', 'file_name', 'media_type', 'size', 'submission_id'])
    .where('form_id', '=', formId)
    .where('submission_id', 'is not', null)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => {
    const files: ExportedSubmission['files'] = {};
    for (const upload of uploads.filter((item) => item.submission_id === row.id)) {
      (files[upload.field] ??= []).push({
        name: upload.file_name,
        token: upload.token,
        type: upload.media_type,
        size: upload.size,
      });
    }
    return {
      reference: row.id,
      createdAt: row.created_at,
      lang: row.lang,
      values: JSON.parse(row.data) as Record<string, unknown>,
      files,
    };
  });
}

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"):
// such a cell gets a leading apostrophe, which the spreadsheet shows as text.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formulas neutralised, quoted when needed (RFC 4180). */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const cellText = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

/** The submissions as CSV: reference, date, language, then one column per field (by name). */
export function toCsv(form: FormDefinition, submissions: ExportedSubmission[]): string {
  const fields = inputFields(localizeForm(form, 'en').fields);
  const header = ['reference', 'created_at', 'lang', ...fields.map((field) => field.name)];
  const lines = [
    header,
    ...submissions.map((submission) => [
      submission.reference,
      submission.createdAt,
      submission.lang,
      ...fields.map((field) =>
        field.type === 'file'
          ? (submission.files[field.name] ?? [])
              .map((file) => `${file.name} (${file.token})`)
              .join('; ')
          : cellText(submission.values[field.name]),
      ),
    ]),
  ];
  return lines.map((line) => line.map(csvCell).join(',') + '\r\n').join('');
}

/** Exports a form's submissions in a format. */
export async function exportSubmissions(
  db: Kysely<Database>,
  form: FormDefinition,
  format: ExportFormat,
): Promise<string> {
  const submissions = await readSubmissions(db, form.id);
  return format === 'csv' ? toCsv(form, submissions) : `${JSON.stringify(submissions, null, 2)}\n`;
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
 * pointing at deleted ones.
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
    // Explicit deletes: SQLite only cascades with foreign_keys on, so nothing relies on it.
    for (let start = 0; start < tokens.length; start += 500) {
      await trx
        .deleteFrom('uploads')
        .where('token', 'in', tokens.slice(start, start + 500))
        .execute();
    }
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      await trx.deleteFrom('outbox').where('submission_id', 'in', chunk).execute();
      await trx.deleteFrom('submissions').where('id', 'in', chunk).execute();
    }
    return { tokens, submissions: ids.length };
  });
  for (const token of tokens) await rm(join(uploadDir, token), { force: true });
  return { submissions, files: tokens.length };
}
