// The inbox's keyset pages: a cursor (the sort key of the row a page starts after or ends
// before), as a query parameter and back, and the rows beyond it in the inbox's own order
// (inbox-sort.ts has the sorted orders').
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../storage/database.ts';

/**
 * Where a page of the inbox starts or ends: the sort key of a row (when its visitor wrote back,
 * when it came, its reference). A keyset instead of an OFFSET: a deep page costs what page 1
 * costs (bench/inbox.ts), and a row that arrives meanwhile neither repeats nor hides a row.
 */
export interface InboxCursor {
  wroteAt: string | null;
  createdAt: string;
  id: string;
  /** In a sorted list (inbox-sort.ts): the row's value of the sort column, as text. */
  key?: string;
}

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/;
const ID = /^[0-9A-Za-z-]{1,64}$/;

const KEY = /^s\.([\w-]{0,400})$/;

/**
 * A cursor as a query parameter: "wroteAt~createdAt~id", wroteAt empty when null; in a sorted
 * list "s.key~createdAt~id", the sort value in base64url (a name may hold any character).
 */
export const cursorParam = (cursor: InboxCursor): string =>
  `${cursor.key === undefined ? (cursor.wroteAt ?? '') : `s.${Buffer.from(cursor.key).toString('base64url')}`}~${cursor.createdAt}~${cursor.id}`;

/** The cursor a query parameter holds, or undefined if it cannot be one. */
export function parseCursor(text: string | undefined): InboxCursor | undefined {
  const [first, createdAt, id, ...rest] = (text ?? '').split('~');
  if (rest.length || first === undefined || !createdAt || !id) return undefined;
  if (!TIME.test(createdAt) || !ID.test(id)) return undefined;
  const key = KEY.exec(first)?.[1];
  if (key !== undefined) {
    return { wroteAt: null, createdAt, id, key: Buffer.from(key, 'base64url').toString() };
  }
  if (first && !TIME.test(first)) return undefined;
  return { wroteAt: first || null, createdAt, id };
}

/** The cursor of a listed row: its sort key in the inbox's order, or in a sorted one. */
export const cursorOf = (
  row: {
    visitor_wrote_at: string | null;
    created_at: string;
    id: string;
    sort_key?: string | number;
  },
  sorted: boolean,
): InboxCursor => ({
  wroteAt: row.visitor_wrote_at,
  createdAt: row.created_at,
  id: row.id,
  ...(sorted ? { key: String(row.sort_key) } : {}),
});

/**
 * The rows on one side of a cursor in the inbox's order: those whose visitor wrote back (latest
 * reply first), then the others newest first, the reference breaking ties. `after` is what
 * follows the cursor's row, else what precedes it. Written per section rather than as one
 * tuple comparison so that the database can walk (…, created_at) indexes for the others.
 */
export function beyond(
  eb: ExpressionBuilder<Database, 'submissions'>,
  cursor: InboxCursor,
  after: boolean,
) {
  const older = after ? '<' : '>';
  const sameTime = (createdAt: string, id: string) =>
    eb.or([
      eb('submissions.created_at', older, createdAt),
      eb.and([eb('submissions.created_at', '=', createdAt), eb('submissions.id', older, id)]),
    ]);
  const wrote = eb('submissions.visitor_wrote_at', 'is not', null);
  const silent = eb('submissions.visitor_wrote_at', 'is', null);
  if (cursor.wroteAt === null) {
    const inSection = eb.and([silent, sameTime(cursor.createdAt, cursor.id)]);
    return after ? inSection : eb.or([wrote, inSection]);
  }
  const inSection = eb.and([
    wrote,
    eb.or([
      eb('submissions.visitor_wrote_at', older, cursor.wroteAt),
      eb.and([
        eb('submissions.visitor_wrote_at', '=', cursor.wroteAt),
        sameTime(cursor.createdAt, cursor.id),
      ]),
    ]),
  ]);
  return after ? eb.or([silent, inSection]) : inSection;
}
