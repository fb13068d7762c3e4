// The inbox's saved views (issue 42): a member keeps the current filters under a name and finds
// them again above the inbox; three views are offered to everyone ("My open cases", "New today",
// "Overdue"). A view holds the inbox's query as inboxHref writes it, without the search words
// (they may be a visitor's name: never stored in plain), the page or a cursor.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import { cleanLabel } from '../../src/forms/clean-text.ts';
import { audit } from '../storage/audit.ts';
import { newId } from '../storage/tokens.ts';

export const VIEW_NAME_MAX = 60;
export const VIEWS_MAX = 30;

export interface SavedView {
  id: string;
  name: string;
  /** The inbox's query string, without "?". */
  query: string;
}

/** A member's views, by name. */
export const viewsOf = (db: Kysely<Database>, memberId: string): Promise<SavedView[]> =>
  db
    .selectFrom('saved_views')
    .select(['id', 'name', 'query'])
    .where('member_id', '=', memberId)
    .orderBy('name')
    .execute();

/** A view's name as typed, cleaned, or null when it is empty or too long. */
export function viewName(typed: string): string | null {
  const name = cleanLabel(typed).trim();
  return name && name.length <= VIEW_NAME_MAX ? name : null;
}

/** Saves a view (replacing the member's view of the same name): its id, or null past VIEWS_MAX. */
export async function saveView(
  db: Kysely<Database>,
  memberId: string,
  name: string,
  query: string,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('saved_views')
      .where('member_id', '=', memberId)
      .where('name', '=', name)
      .execute();
    const { count } = await trx
      .selectFrom('saved_views')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= VIEWS_MAX) return null;
    const id = newId();
    await trx
      .insertInto('saved_views')
      .values({ id, member_id: memberId, name, query, created_at: new Date().toISOString() })
      .execute();
    // Lightly: that a view was saved, not its name or filters.
    await audit(trx, { memberId, action: 'view-saved' });
    return id;
  });
}

/** Deletes one of the member's own views; false if they have none of that id. */
export async function deleteView(db: Kysely<Database>, memberId: string, id: string) {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('saved_views')
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return false;
    await audit(trx, { memberId, action: 'view-deleted' });
    return true;
  });
}
