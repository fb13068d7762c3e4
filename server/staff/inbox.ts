// What the desk reads and does with submissions: the list with its filters and pages, one
// submission with its files, notes and history, and the changes (take it, its status, a note).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../storage/database.ts';
import { cleanLabel } from '../../src/forms/clean-text.ts';
import { openText, readSealed, unwrapDataKey, type MasterKey } from '../storage/encryption.ts';
import { audit } from '../storage/audit.ts';
import { submissionHistory } from './history.ts';
import { brusselsDayStart, parseDay } from './inbox-dates.ts';
import { beyond, cursorOf, type InboxCursor } from './inbox-cursor.ts';
import { sortedBeyond, sortValue, type InboxSort } from './inbox-sort.ts';
import { notesOf } from './notes.ts';

export const STATUSES = ['new', 'in_progress', 'answered', 'no_answer_needed', 'closed'] as const;
export type Status = (typeof STATUSES)[number];
export const isStatus = (text: string): text is Status =>
  (STATUSES as readonly string[]).includes(text);

export { cursorParam, parseCursor, type InboxCursor } from './inbox-cursor.ts';

export const PAGE_SIZE = 50;
/** The page feedback's form ("Was this page useful?"): left out of the inbox unless asked for. */
export const FEEDBACK_FORM = 'feedback';
/** The reply channel filter's values: how the visitor asked, or the follow-up page. */
export const CHANNELS = ['email', 'phone', 'none', 'page'] as const;
export type Channel = (typeof CHANNELS)[number];
export const isChannel = (text: string): text is Channel =>
  (CHANNELS as readonly string[]).includes(text);
/** The assignee filter's value for "nobody handles it yet". */
export const NOBODY = 'nobody';

export interface InboxFilter {
  status?: Status;
  form?: string;
  topic?: string;
  lang?: string;
  /** A member's id, or NOBODY. */
  assignee?: string;
  /** How the visitor asked to be answered; "page": they have a follow-up code. */
  channel?: Channel;
  /** The search as typed (kept in the box and the links), and its tokens (search-index.ts). */
  search?: string;
  searchTokens?: readonly (readonly number[])[];
  /** Received from this day and up to this day, in Brussels (dd/mm/yyyy, already valid). */
  from?: string;
  to?: string;
  /** Answered: the desk waits for the visitor. */
  waiting?: boolean;
  /** A visitor's reply waits for the desk. */
  wroteBack?: boolean;
  /** New or in progress. */
  open?: boolean;
  /** The page feedback's answers too (the inbox leaves them out unless its form is chosen). */
  withFeedback?: boolean;
  /** New or in progress, and received before this instant (the promised answer period ago). */
  overdueBefore?: string;
  /** A column to sort by; none: the visitor's replies first, then newest first. */
  sort?: InboxSort;
  /** 1-based; only a label: the cursor says where the page is. */
  page: number;
  /** The page after this row (Next), or the page before this row (Previous). */
  after?: InboxCursor;
  before?: InboxCursor;
}

export interface InboxRow {
  id: string;
  form_id: string;
  topic: string | null;
  lang: string;
  status: string;
  created_at: string;
  assignee_name: string | null;
  /** Set while a visitor's reply waits for an answer: the row tops the list. */
  visitor_wrote_at: string | null;
  /** email, phone or none; null for rows stored before it was kept. */
  reply_channel: string | null;
  /** 1 when the visitor has a follow-up code (and can read an answer on the follow-up page). */
  follow_up: number;
  /** In a sorted list: the row's value of the sort column. */
  sort_key?: string | number;
}

export interface InboxPage {
  rows: InboxRow[];
  /** How many match the filter in all. */
  total: number;
  /** The cursors of the pages next to this one; null at either end. */
  next: InboxCursor | null;
  previous: InboxCursor | null;
}

/** The submissions a filter keeps, in no order: the list's rows, its count, its neighbours. */
export function filteredQuery(db: Kysely<Database>, filter: InboxFilter) {
  let query = db.selectFrom('submissions');
  if (filter.status) query = query.where('submissions.status', '=', filter.status);
  if (filter.form) query = query.where('submissions.form_id', '=', filter.form);
  else if (!filter.withFeedback) query = query.where('submissions.form_id', '!=', FEEDBACK_FORM);
  if (filter.open) query = query.where('submissions.status', 'in', ['new', 'in_progress']);
  if (filter.topic) query = query.where('submissions.topic', '=', filter.topic);
  if (filter.lang) query = query.where('submissions.lang', '=', filter.lang);
  if (filter.assignee === NOBODY) query = query.where('submissions.assignee_id', 'is', null);
  else if (filter.assignee) query = query.where('submissions.assignee_id', '=', filter.assignee);
  for (const tokens of filter.searchTokens ?? []) {
    // One token of each word typed (under any key of the ring): an index lookup per row.
    query = query.where('submissions.id', 'in', (eb) =>
      eb
        .selectFrom('submission_tokens')
        .select('submission_tokens.submission_id')
        .where('submission_tokens.token', 'in', [...tokens]),
    );
  }
  if (filter.channel === 'page') query = query.where('submissions.code_hash', 'is not', null);
  else if (filter.channel) query = query.where('submissions.reply_channel', '=', filter.channel);
  const from = parseDay(filter.from ?? '');
  const to = parseDay(filter.to ?? '');
  if (from) query = query.where('submissions.created_at', '>=', brusselsDayStart(from));
  if (to) query = query.where('submissions.created_at', '<', brusselsDayStart(to, 1));
  if (filter.waiting) query = query.where('submissions.status', '=', 'answered');
  if (filter.wroteBack) query = query.where('submissions.visitor_wrote_at', 'is not', null);
  if (filter.overdueBefore) {
    query = query
      .where('submissions.status', 'in', ['new', 'in_progress'])
      .where('submissions.created_at', '<', filter.overdueBefore);
  }
  return query;
}

/**
 * Up to `limit` rows of a filtered query in the list's order (its sort, or replies first then
 * newest first) after a cursor, or the nearest before it (`backwards`: in the reverse order).
 */
export function rowsBeyond(
  query: ReturnType<typeof filteredQuery>,
  sort: InboxSort | undefined,
  cursor: InboxCursor | undefined,
  backwards: boolean,
  limit: number,
) {
  let page = query
    .leftJoin('staff_members', 'staff_members.id', 'submissions.assignee_id')
    .select([
      'submissions.id',
      'submissions.form_id',
      'submissions.topic',
      'submissions.lang',
      'submissions.status',
      'submissions.created_at',
      'submissions.visitor_wrote_at',
      'staff_members.display_name as assignee_name',
      'submissions.reply_channel',
      sql<number>`case when submissions.code_hash is null then 0 else 1 end`.as('follow_up'),
    ])
    .limit(limit);
  if (sort) {
    const flipped = sort.direction === 'asc' ? 'desc' : 'asc';
    const direction = backwards ? flipped : sort.direction;
    page = page
      .select(sortValue(sort.column).as('sort_key'))
      .orderBy(sortValue(sort.column), direction)
      .orderBy('submissions.created_at', direction)
      .orderBy('submissions.id', direction);
    if (cursor?.key !== undefined) {
      const at = { key: cursor.key, createdAt: cursor.createdAt, id: cursor.id };
      page = page.where((eb) => sortedBeyond(eb, sort, at, !backwards));
    }
    return page;
  }
  const direction = backwards ? 'asc' : 'desc';
  page = page
    // false (a reply waits) sorts before true in SQLite and PostgreSQL alike.
    .orderBy(sql`submissions.visitor_wrote_at is null`, backwards ? 'desc' : 'asc')
    .orderBy('submissions.visitor_wrote_at', direction)
    .orderBy('submissions.created_at', direction)
    .orderBy('submissions.id', direction);
  return cursor ? page.where((eb) => beyond(eb, cursor, !backwards)) : page;
}

/**
 * One page of submissions matching the filter, those whose visitor wrote back first (latest
 * reply first), then newest first; how many match in all; and the cursors of the pages beside.
 */
export async function listSubmissions(
  db: Kysely<Database>,
  filter: InboxFilter,
  pageSize = PAGE_SIZE,
): Promise<InboxPage> {
  const query = filteredQuery(db, filter);
  const { sort } = filter;
  // A cursor of the other order (a link from before the sort changed) starts at page 1.
  const asked = filter.after ?? filter.before;
  const cursor = asked && (asked.key !== undefined) === Boolean(sort) ? asked : undefined;
  const backwards = cursor !== undefined && !filter.after;
  // One more than a page: whether there is a page beyond.
  const page = rowsBeyond(query, sort, cursor, backwards, pageSize + 1);
  const [found, count] = await Promise.all([
    page.execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const more = found.length > pageSize;
  const rows: InboxRow[] = found.slice(0, pageSize);
  if (backwards) rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows,
    total: Number(count.count),
    next: last && (backwards || more) ? cursorOf(last, Boolean(sort)) : null,
    previous:
      first && (backwards ? more : cursor !== undefined) ? cursorOf(first, Boolean(sort)) : null,
  };
}

export interface SubmissionFile {
  token: string;
  field: string;
  file_name: string;
  media_type: string;
  size: number;
}

/** One submission with everything the desk sees of it, or null. */
export async function readSubmission(db: Kysely<Database>, id: string, masterKey: MasterKey) {
  const row = await db
    .selectFrom('submissions')
    .leftJoin('staff_members', 'staff_members.id', 'submissions.assignee_id')
    .selectAll('submissions')
    .select('staff_members.display_name as assignee_name')
    .where('submissions.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const key = row.wrapped_key ? unwrapDataKey(masterKey, row.wrapped_key) : undefined;
  const [files, notes, history] = await Promise.all([
    db
      .selectFrom('uploads')
      .select(['token', 'field', 'file_name', 'media_type', 'size', 'wrapped_key'])
      .where('submission_id', '=', id)
      // A reply's files are listed with their message (follow-up/conversation.ts).
      .where('message_id', 'is', null)
      .orderBy('created_at')
      .execute(),
    notesOf(db, id, key),
    submissionHistory(db, id, masterKey),
  ]);
  return {
    ...row,
    values: JSON.parse(openText(key, row.data)) as Record<string, unknown>,
    files: files.map((file): SubmissionFile => ({
      token: file.token,
      field: file.field,
      // Cleaned again: names kept before uploads were cleaned may hold bidi overrides.
      file_name: cleanLabel(readSealed(masterKey, file.wrapped_key, file.file_name)) || 'file',
      media_type: file.media_type,
      size: file.size,
    })),
    notes,
    history,
  };
}
export type SubmissionView = NonNullable<Awaited<ReturnType<typeof readSubmission>>>;

/**
 * The member takes the submission (it becomes in progress if it was new); taken over from
 * another member, the audit line's detail is that member's id.
 */
export async function takeSubmission(db: Kysely<Database>, id: string, memberId: string) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('submissions')
      .select('assignee_id')
      .where('id', '=', id)
      .executeTakeFirst();
    const from = before?.assignee_id && before.assignee_id !== memberId ? before.assignee_id : '';
    await setHandler(trx, id, memberId);
    await audit(trx, { memberId, action: 'taken', submissionId: id, detail: from });
  });
}

/** Makes a member the submission's handler; a new one becomes in progress (take, assign). */
export async function setHandler(trx: Transaction<Database>, id: string, memberId: string) {
  await trx
    .updateTable('submissions')
    .set({ assignee_id: memberId })
    .where('id', '=', id)
    .execute();
  await trx
    .updateTable('submissions')
    .set({ status: 'in_progress' })
    .where('id', '=', id)
    .where('status', '=', 'new')
    .execute();
}

/** Changes the status; the history keeps "old → new". */
export async function changeStatus(
  db: Kysely<Database>,
  id: string,
  status: Status,
  memberId: string,
) {
  await db.transaction().execute((trx) => changeStatusIn(trx, id, status, memberId));
}

/**
 * changeStatus within a transaction (the bulk actions change many in one): true when the status
 * was another, false when it was this one already or there is no such submission.
 */
export async function changeStatusIn(
  trx: Transaction<Database>,
  id: string,
  status: Status,
  memberId: string,
): Promise<boolean> {
  const before = await trx
    .selectFrom('submissions')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before || before.status === status) return false;
  await trx
    .updateTable('submissions')
    // The first answer's time, for the overview's "answered in time" (0016-desk-cases).
    .set((eb) => ({
      status,
      ...(status === 'answered'
        ? { answered_at: eb.fn.coalesce('answered_at', eb.val(new Date().toISOString())) }
        : {}),
    }))
    .where('id', '=', id)
    .execute();
  await audit(trx, {
    memberId,
    action: 'status',
    submissionId: id,
    detail: `${before.status} → ${status}`,
  });
  return true;
}
