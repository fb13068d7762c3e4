// The inbox's keyset pages (server/staff/inbox.ts listSubmissions) on a database of 330 rows, on
// SQLite and PostgreSQL: Next walks every row once in the inbox's order (the visitor's replies
// first), Previous walks back the same pages, filters hold across pages, and a row arriving
// between two pages neither repeats nor hides one. Also the cursors a URL may carry.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../storage/database.ts';
import { ROOT } from '../testing/forms-app.ts';
import {
  cursorParam,
  listSubmissions,
  parseCursor,
  type InboxFilter,
  type InboxPage,
} from './inbox.ts';
import { SORT_COLUMNS, type SortColumn } from './inbox-sort.ts';
import { folderAndPostgres } from '../testing/folder-and-postgres.ts';

const ROWS = 330;
const PAGE = 50;
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

interface Seeded {
  id: string;
  form_id: string;
  created_at: string;
  visitor_wrote_at: string | null;
}

/** 330 rows: every third minute shared by three rows (ties), every 11th with a reply, some equal. */
function rowsToSeed(): Seeded[] {
  return Array.from({ length: ROWS }, (_, index) => ({
    id: `R${String((index * 7919) % 1000).padStart(4, '0')}-${String(index).padStart(3, '0')}`,
    form_id: index % 2 ? 'contact' : 'callback',
    created_at: at(Math.floor(index / 3)),
    visitor_wrote_at: index % 11 === 0 ? at(1000 + (index % 4)) : null,
  }));
}

/** The inbox's order, written out in plain code: replies first (latest first), then newest. */
function expectedOrder(rows: Seeded[]): string[] {
  const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  return [...rows]
    .sort(
      (a, b) =>
        Number(a.visitor_wrote_at === null) - Number(b.visitor_wrote_at === null) ||
        desc(a.visitor_wrote_at ?? '', b.visitor_wrote_at ?? '') ||
        desc(a.created_at, b.created_at) ||
        desc(a.id, b.id),
    )
    .map((row) => row.id);
}

async function seed(storage: Storage, rows: Seeded[]) {
  await storage.db
    .insertInto('submissions')
    .values(rows.map((row) => ({ ...row, lang: 'nl', data: '{}', topic: null, assignee_id: null })))
    .execute();
}

/** Every page from the first by Next, then back from the last by Previous. */
async function walk(storage: Storage, filter: Omit<InboxFilter, 'page'>) {
  const forward: InboxPage[] = [await listSubmissions(storage.db, { ...filter, page: 1 }, PAGE)];
  for (let next = forward[0]?.next; next; next = forward.at(-1)?.next) {
    forward.push(await listSubmissions(storage.db, { ...filter, page: 1, after: next }, PAGE));
  }
  const backward: InboxPage[] = [forward.at(-1) as InboxPage];
  for (let previous = backward[0]?.previous; previous; previous = backward.at(-1)?.previous) {
    backward.push(
      await listSubmissions(storage.db, { ...filter, page: 1, before: previous }, PAGE),
    );
  }
  return { forward, backward: backward.reverse() };
}

const ids = (pages: InboxPage[]) => pages.flatMap((page) => page.rows.map((row) => row.id));

const scratch = folderAndPostgres('guichet-inbox-');

describe.each([
  ['SQLite', () => Promise.resolve(`sqlite:${join(scratch.dir, 'site.db')}`)],
  ['PostgreSQL', () => scratch.postgres.createDatabase('inbox')],
])('the inbox’s pages on %s', (_name, url) => {
  it('Next and Previous walk every row once, in order, replies first; filters hold', async () => {
    const storage = await openStorage(await url(), ROOT);
    try {
      const rows = rowsToSeed();
      await seed(storage, rows);
      const all = await walk(storage, {});
      expect(all.forward.map((page) => page.rows.length)).toEqual([50, 50, 50, 50, 50, 50, 30]);
      expect(ids(all.forward)).toEqual(expectedOrder(rows));
      expect(all.forward[0]?.rows.slice(0, 30).every((row) => row.visitor_wrote_at)).toBe(true);
      expect(all.forward[0]?.rows[30]?.visitor_wrote_at).toBe(null);
      expect(all.forward.map((page) => page.total)).toEqual(Array(7).fill(330));
      // Previous from the last page comes back through the same pages to the first.
      expect(all.backward.map((page) => page.rows.map((row) => row.id))).toEqual(
        all.forward.map((page) => page.rows.map((row) => row.id)),
      );
      expect(all.forward[0]?.previous).toBe(null);
      expect(all.forward.at(-1)?.next).toBe(null);

      const contact = await walk(storage, { form: 'contact' });
      expect(ids(contact.forward)).toEqual(
        expectedOrder(rows.filter((row) => row.form_id === 'contact')),
      );
      expect(contact.forward.map((page) => page.rows.length)).toEqual([50, 50, 50, 15]);
      expect(ids(contact.backward)).toEqual(ids(contact.forward));

      // A message arriving between page 1 and page 2 tops the list; page 2 goes on where page 1
      // stopped, without repeating its last row.
      const first = await listSubmissions(storage.db, { page: 1 }, PAGE);
      await seed(storage, [
        { id: 'NEW0-0000-00', form_id: 'contact', created_at: at(5000), visitor_wrote_at: null },
      ]);
      const second = await listSubmissions(
        storage.db,
        { page: 2, after: first.next ?? undefined },
        PAGE,
      );
      expect(second.rows.map((row) => row.id)).toEqual(expectedOrder(rows).slice(50, 100));
      expect(second.total).toBe(331);
    } finally {
      await storage.close();
    }
  });
});

const STATUS_RANK = ['new', 'in_progress', 'answered', 'no_answer_needed', 'closed'];
const MEMBERS = [
  ['m-a', 'anne'],
  ['m-b', 'bert~jan'],
  ['m-c', 'carla'],
] as const;

/** The seeded rows with a status and a handler each (many ties), for the sorted walks. */
async function seedSortable(storage: Storage) {
  await storage.db
    .insertInto('staff_members')
    .values(
      MEMBERS.map(([id, name]) => ({
        id,
        email: `${id}@example.be`,
        display_name: name,
        role: 'agent',
        lang: 'en',
        created_at: at(0),
        revoked_at: null,
      })),
    )
    .execute();
  const rows = rowsToSeed().map((row, index) => ({
    ...row,
    status: STATUS_RANK[index % 5] ?? 'new',
    assignee_id: index % 4 === 3 ? null : (MEMBERS[index % 3]?.[0] ?? null),
  }));
  await storage.db
    .insertInto('submissions')
    .values(rows.map((row) => ({ ...row, lang: 'nl', data: '{}', topic: null })))
    .execute();
  return rows;
}

/** A sort written out in plain code: the column's value, then the date, then the reference. */
function sortedOrder(
  rows: Awaited<ReturnType<typeof seedSortable>>,
  column: SortColumn,
  direction: 'asc' | 'desc',
): string[] {
  const name = (id: string | null) => MEMBERS.find(([member]) => member === id)?.[1] ?? '';
  const value = (row: (typeof rows)[number]): string | number =>
    column === 'date'
      ? row.created_at
      : column === 'form'
        ? row.form_id
        : column === 'status'
          ? STATUS_RANK.indexOf(row.status)
          : name(row.assignee_id);
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows]
    .sort(
      (a, b) =>
        sign *
        (compare(value(a), value(b)) || compare(a.created_at, b.created_at) || compare(a.id, b.id)),
    )
    .map((row) => row.id);
}

describe.each([
  ['SQLite', () => Promise.resolve(`sqlite:${join(scratch.dir, 'sorted.db')}`)],
  ['PostgreSQL', () => scratch.postgres.createDatabase('sorted')],
])('the inbox sorted by a column on %s', (_name, url) => {
  it('Next and Previous walk every row once in the sort’s order, for each column and direction', async () => {
    const storage = await openStorage(await url(), ROOT);
    try {
      const rows = await seedSortable(storage);
      for (const column of SORT_COLUMNS) {
        for (const direction of ['asc', 'desc'] as const) {
          const { forward, backward } = await walk(storage, { sort: { column, direction } });
          expect(ids(forward), `${column} ${direction}`).toEqual(
            sortedOrder(rows, column, direction),
          );
          expect(ids(backward), `${column} ${direction}, back`).toEqual(ids(forward));
          expect(forward.map((page) => page.rows.length)).toEqual([50, 50, 50, 50, 50, 50, 30]);
        }
      }
      // With a filter: the open cases handled by anne, by status.
      const anne = await walk(storage, {
        assignee: 'm-a',
        sort: { column: 'status', direction: 'asc' },
      });
      expect(ids(anne.forward)).toEqual(
        sortedOrder(
          rows.filter((row) => row.assignee_id === 'm-a'),
          'status',
          'asc',
        ),
      );
    } finally {
      await storage.close();
    }
  });
});

describe('a cursor in a URL', () => {
  it('reads back what cursorParam wrote, with or without a reply', () => {
    const cursor = { wroteAt: null, createdAt: '2026-03-01T16:40:00.000Z', id: 'B4RT-7YHN-2C' };
    expect(cursorParam(cursor)).toBe('~2026-03-01T16:40:00.000Z~B4RT-7YHN-2C');
    expect(parseCursor(cursorParam(cursor))).toEqual(cursor);
    const replied = { ...cursor, wroteAt: '2026-03-03T08:00:00.000Z' };
    expect(parseCursor(cursorParam(replied))).toEqual(replied);
    // A sorted list's: the sort value in base64url, whatever characters a name holds.
    const sorted = { ...cursor, key: 'Zoë ~ “Jan”' };
    expect(cursorParam(sorted)).toBe(
      's.Wm_DqyB-IOKAnEphbuKAnQ~2026-03-01T16:40:00.000Z~B4RT-7YHN-2C',
    );
    expect(parseCursor(cursorParam(sorted))).toEqual(sorted);
  });

  it('is refused when it is not one (then the inbox shows its first page)', () => {
    for (const text of [
      undefined,
      '',
      'garbage',
      '~~B4RT',
      '~2026-03-01~B4RT-7YHN-2C',
      "~2026-03-01T16:40:00.000Z~x' OR 1=1 --",
      '~2026-03-01T16:40:00.000Z~B4RT~extra',
      'yesterday~2026-03-01T16:40:00.000Z~B4RT-7YHN-2C',
      's.a b~2026-03-01T16:40:00.000Z~B4RT-7YHN-2C',
      `s.${'a'.repeat(401)}~2026-03-01T16:40:00.000Z~B4RT-7YHN-2C`,
    ]) {
      expect(parseCursor(text)).toBe(undefined);
    }
  });
});
