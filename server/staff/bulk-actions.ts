// The inbox's bulk actions (issue 42): the status or the handler of the selected submissions
// (at most a page's), changed in one transaction, each row audited as the single action audits
// it (changeStatusIn, assignIn); a refusal changes nothing and names what it refused.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import { assignIn } from './desk-cases.ts';
import { changeStatusIn, PAGE_SIZE, type Status } from './inbox.ts';

/** At most the inbox page's rows in one action. */
export const BULK_MAX = PAGE_SIZE;

export interface BulkChange {
  status?: Status;
  /** The member to hand the submissions to. */
  member?: string;
}

export type BulkResult =
  | { done: true; changed: number }
  | { done: false; reason: 'unknown'; ids: string[] }
  | { done: false; reason: 'no-member' };

/** Thrown inside the transaction to undo what was done (a member revoked meanwhile). */
class Refused extends Error {}

/**
 * Applies the change to every submission of `ids` (handler first, so that a status chosen with
 * it wins over "new becomes in progress"), or to none: an unknown id or a member who cannot
 * handle cases refuses the whole. `changed` counts the submissions of which anything changed.
 */
export async function bulkChange(
  db: Kysely<Database>,
  ids: readonly string[],
  change: BulkChange,
  byMemberId: string,
  { mail = false }: { mail?: boolean } = {},
): Promise<BulkResult> {
  if (ids.length > BULK_MAX) throw new Error(`at most ${BULK_MAX} submissions at once`);
  try {
    return await db.transaction().execute(async (trx): Promise<BulkResult> => {
      const found = new Set(
        (await trx.selectFrom('submissions').select('id').where('id', 'in', ids).execute()).map(
          (row) => row.id,
        ),
      );
      const unknown = ids.filter((id) => !found.has(id));
      if (unknown.length) return { done: false, reason: 'unknown', ids: unknown };
      let changed = 0;
      for (const id of ids) {
        let changedThis = false;
        if (change.member) {
          const assigned = await assignIn(trx, id, change.member, byMemberId, { mail });
          if (assigned !== 'done' && assigned !== 'unchanged') throw new Refused(assigned);
          changedThis = assigned === 'done';
        }
        if (change.status && (await changeStatusIn(trx, id, change.status, byMemberId))) {
          changedThis = true;
        }
        if (changedThis) changed += 1;
      }
      return { done: true, changed };
    });
  } catch (error) {
    if (error instanceof Refused) return { done: false, reason: 'no-member' };
    throw error;
  }
}
