// The inbox sorted by a column (issue 42): date received, status (in the order of the work),
// form, or who handles it, ascending or descending, the date and the reference breaking ties.
// The keyset pages carry the sort value of the row they start after, so a sorted page is as
// exact as the default order's: every row once, none skipped while rows arrive.
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '../storage/database.ts';

export const SORT_COLUMNS = ['date', 'status', 'form', 'handler'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';
export interface InboxSort {
  column: SortColumn;
  direction: SortDirection;
}

/** The sort a query asks for (`sort` and `dir`), or undefined for the inbox's own order. */
export function parseSort(column: string | undefined, direction: string | undefined) {
  if (!column || !(SORT_COLUMNS as readonly string[]).includes(column)) return undefined;
  return {
    column: column as SortColumn,
    direction: direction === 'asc' ? 'asc' : 'desc',
  } satisfies InboxSort;
}

type Builder = ExpressionBuilder<Database, 'submissions' | 'staff_members'>;

/** What the rows are ordered by for a column: a value of each row, text or a number. */
export function sortValue(column: SortColumn): RawBuilder<string | number> {
  switch (column) {
    case 'date':
      return sql<string>`submissions.created_at`;
    case 'form':
      return sql<string>`submissions.form_id`;
    case 'handler':
      // Nobody yet sorts as an empty name: first ascending, last descending.
      return sql<string>`coalesce(staff_members.display_name, '')`;
    case 'status':
      return sql<number>`case submissions.status when 'new' then 0 when 'in_progress' then 1 when 'answered' then 2 when 'no_answer_needed' then 3 else 4 end`;
  }
}

/** A cursor's sort value as the database compares it (the status's rank is a number). */
export const boundValue = (column: SortColumn, key: string): string | number =>
  column === 'status' ? Number(key) : key;

/**
 * The rows beyond a cursor in a sorted order: `after` the cursor's row in that order, else
 * before it. The tuple (value, created_at, id) compared column by column, all in one direction.
 */
export function sortedBeyond(
  eb: Builder,
  sort: InboxSort,
  cursor: { key: string; createdAt: string; id: string },
  after: boolean,
): Expression<SqlBool> {
  const forward = sort.direction === 'desc' ? '<' : '>';
  const backward = sort.direction === 'desc' ? '>' : '<';
  const beyond = after ? forward : backward;
  const value = sortValue(sort.column);
  const key = boundValue(sort.column, cursor.key);
  return eb.or([
    eb(value, beyond, key),
    eb.and([
      eb(value, '=', key),
      eb.or([
        eb('submissions.created_at', beyond, cursor.createdAt),
        eb.and([
          eb('submissions.created_at', '=', cursor.createdAt),
          eb('submissions.id', beyond, cursor.id),
        ]),
      ]),
    ]),
  ]);
}

/** The statuses in the order of the work, as sortValue('status') ranks them (others last). */
const STATUS_ORDER = ['new', 'in_progress', 'answered', 'no_answer_needed'];

/**
 * A row's value of the sort column as a cursor carries it (what sortValue gives, as text), from
 * the row as read without the list (a submission's page): its neighbours are found from it.
 */
export function sortKeyOf(
  column: SortColumn,
  row: { created_at: string; form_id: string; status: string; assignee_name: string | null },
): string {
  switch (column) {
    case 'date':
      return row.created_at;
    case 'form':
      return row.form_id;
    case 'handler':
      return row.assignee_name ?? '';
    case 'status': {
      const rank = STATUS_ORDER.indexOf(row.status);
      return String(rank === -1 ? STATUS_ORDER.length : rank);
    }
  }
}
