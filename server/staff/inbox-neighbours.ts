// Previous and next within the list a submission was opened from (issue 42): the rows on either
// side of it in the list's filter and order, found with the list's own keyset (one query each
// way), whether or not the submission itself still matches the filter.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import { filteredQuery, rowsBeyond, type InboxCursor, type InboxFilter } from './inbox.ts';
import { sortKeyOf } from './inbox-sort.ts';

/** A submission as readSubmission reads it: enough to place it in a list. */
export interface ListedRow {
  id: string;
  created_at: string;
  visitor_wrote_at: string | null;
  form_id: string;
  status: string;
  assignee_name: string | null;
}

/** The references before and after a submission in a filtered, sorted list; null at the ends. */
export async function neighboursOf(
  db: Kysely<Database>,
  filter: InboxFilter,
  row: ListedRow,
): Promise<{ previous: string | null; next: string | null }> {
  const { sort } = filter;
  const cursor: InboxCursor = {
    wroteAt: row.visitor_wrote_at,
    createdAt: row.created_at,
    id: row.id,
    ...(sort ? { key: sortKeyOf(sort.column, row) } : {}),
  };
  const query = filteredQuery(db, filter);
  const [previous, next] = await Promise.all([
    rowsBeyond(query, sort, cursor, true, 1).executeTakeFirst(),
    rowsBeyond(query, sort, cursor, false, 1).executeTakeFirst(),
  ]);
  return { previous: previous?.id ?? null, next: next?.id ?? null };
}
