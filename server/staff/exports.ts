// What the inbox's export reads: every submission of the filtered list, in the list's order,
// opened (values, file names and, when asked, the desk's notes), and the audit log's words for
// an export (its format, how many rows or files, which filters; never what a visitor wrote).
import type { Kysely } from 'kysely';
import { cleanLabel } from '../../src/forms/clean-text.ts';
import type { Database } from '../storage/database.ts';
import { audit } from '../storage/audit.ts';
import { openText, readSealed, unwrapDataKey, type MasterKey } from '../storage/encryption.ts';
import { listSubmissions, NOBODY, type InboxFilter, type SubmissionFile } from './inbox.ts';
import { notesOf } from './notes.ts';

/** How many rows the export asks listSubmissions for at a time. */
const BATCH = 500;

/** A submission's file in an export: its name, and how to open its bytes. */
export interface ExportedFile extends SubmissionFile {
  /** Null for a file kept before encryption. */
  wrapped_key: string | null;
  /** Set for a file sent with a conversation message rather than with the form. */
  message_id: string | null;
}

/** One submission of the filtered list, opened. */
export interface ExportedCase {
  id: string;
  form_id: string;
  lang: string;
  status: string;
  created_at: string;
  assignee_name: string | null;
  values: Record<string, unknown>;
  files: ExportedFile[];
  /** The desk's notes, oldest first; empty unless asked for. */
  notes: { at: string; text: string; member_name: string | null }[];
}

/** The filter without its page: an export takes every page of the list. */
const wholeList = (filter: InboxFilter): InboxFilter => {
  const whole = { ...filter, page: 1 };
  delete whole.after;
  delete whole.before;
  return whole;
};

/**
 * Every submission the inbox lists under the filter, in the inbox's order. It walks the list
 * with listSubmissions itself, so that whatever filters the list knows, the export knows.
 */
export async function exportedCases(
  db: Kysely<Database>,
  filter: InboxFilter,
  masterKey: MasterKey,
  { notes = false } = {},
): Promise<ExportedCase[]> {
  const cases: ExportedCase[] = [];
  let query = wholeList(filter);
  for (;;) {
    const page = await listSubmissions(db, query, BATCH);
    cases.push(...(await openCases(db, page.rows, masterKey, notes)));
    if (!page.next) return cases;
    query = { ...query, after: page.next };
  }
}

/** The rows of one page of the list with their values, files and (when asked) notes, opened. */
async function openCases(
  db: Kysely<Database>,
  rows: Awaited<ReturnType<typeof listSubmissions>>['rows'],
  masterKey: MasterKey,
  withNotes: boolean,
): Promise<ExportedCase[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [sealed, uploads] = await Promise.all([
    db
      .selectFrom('submissions')
      .select(['id', 'data', 'wrapped_key'])
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('uploads')
      .select([
        'token',
        'field',
        'file_name',
        'media_type',
        'size',
        'wrapped_key',
        'submission_id',
        'message_id',
      ])
      .where('submission_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('token')
      .execute(),
  ]);
  const byId = new Map(sealed.map((row) => [row.id, row]));
  return Promise.all(
    rows.map(async (row): Promise<ExportedCase> => {
      const stored = byId.get(row.id);
      const key = stored?.wrapped_key ? unwrapDataKey(masterKey, stored.wrapped_key) : undefined;
      return {
        id: row.id,
        form_id: row.form_id,
        lang: row.lang,
        status: row.status,
        created_at: row.created_at,
        assignee_name: row.assignee_name,
        values: stored ? (JSON.parse(openText(key, stored.data)) as Record<string, unknown>) : {},
        files: uploads
          .filter((file) => file.submission_id === row.id)
          .map((file) => ({
            token: file.token,
            field: file.field,
            // Cleaned again: names kept before uploads were cleaned may hold bidi overrides.
            file_name:
              cleanLabel(readSealed(masterKey, file.wrapped_key, file.file_name)) || 'file',
            media_type: file.media_type,
            size: file.size,
            wrapped_key: file.wrapped_key,
            message_id: file.message_id ?? null,
          })),
        notes: withNotes ? await notesOf(db, row.id, key) : [],
      };
    }),
  );
}

// The filters the audit line may name with their value: none of them holds a visitor's words.
// A filter this list does not know (a search, say) is named without its value.
const SAFE_VALUES: Partial<Record<keyof InboxFilter, string>> = {
  status: 'status',
  form: 'form',
  topic: 'topic',
  lang: 'language',
  assignee: 'handler',
  from: 'received from',
  to: 'received up to',
  channel: 'answer by',
};
const FLAGS: Partial<Record<keyof InboxFilter, string>> = {
  waiting: 'waiting for the visitor',
  wroteBack: 'the visitor wrote back',
  overdueBefore: 'overdue',
  open: 'open only',
  withFeedback: 'with page feedback',
};
// The order and the page are not filters; the search's tokens are its words, never logged (the
// search itself is named without its value).
const NOT_FILTERS = new Set(['page', 'after', 'before', 'sort', 'searchTokens']);

/** The filters of an export in words, for the audit log: "form contact, status new". */
export function filterWords(filter: InboxFilter): string {
  const words: string[] = [];
  for (const [key, value] of Object.entries(filter) as [keyof InboxFilter, unknown][]) {
    if (NOT_FILTERS.has(key) || value === undefined || value === false || value === '') continue;
    const named = SAFE_VALUES[key];
    if (named) words.push(`${named} ${value === NOBODY ? 'nobody' : (value as string)}`);
    else words.push(FLAGS[key] ?? `${key} (value not logged)`);
  }
  return words.length ? words.join(', ') : 'none (every submission)';
}

/** An export's audit detail: "csv, 12 rows, with notes; filters: form contact". */
export function exportDetail(entry: {
  format: string;
  count: number;
  unit: 'row' | 'file';
  notes?: boolean;
  filters: string;
  by?: string;
}): string {
  return [
    entry.by,
    `${entry.format}, ${entry.count} ${entry.unit}${entry.count === 1 ? '' : 's'}${entry.notes ? ', with notes' : ''}`,
    `filters: ${entry.filters}`,
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * The audit line of `npm run submissions -- export`: no member, the operating-system user who
 * ran it named in the detail (the audit page shows it), with the format, count and form.
 */
export async function auditCommandLineExport(
  db: Kysely<Database>,
  entry: { user: string; format: string; count: number; formId: string },
) {
  await audit(db, {
    memberId: null,
    action: 'exported',
    detail: exportDetail({
      by: `command line, operating-system user ${entry.user}`,
      format: entry.format,
      count: entry.count,
      unit: 'row',
      filters: `form ${entry.formId}`,
    }),
  });
}
