// Rotation of the master key of encryption at rest: every wrapped data key (one per submission,
// one per upload) is unwrapped with the old master key and wrapped with the new one, in one
// transaction; the data itself is not touched. `npm run staff -- rotate-key`.
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';
import { rewrapDataKey, type MasterKey } from './encryption.ts';

const BATCH = 500;

/** Re-wraps every data key; returns how many were re-wrapped. */
export async function rotateMasterKey(
  db: Kysely<Database>,
  from: MasterKey,
  to: MasterKey,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let count = 0;
    for (const table of ['submissions', 'uploads'] as const) {
      const key = table === 'submissions' ? 'id' : 'token';
      let after = '';
      for (;;) {
        const rows = await trx
          .selectFrom(table)
          .select([`${key} as id`, 'wrapped_key'])
          .where('wrapped_key', 'is not', null)
          .where(key, '>', after)
          .orderBy(key)
          .limit(BATCH)
          .execute();
        for (const row of rows) {
          if (!row.wrapped_key) continue;
          await trx
            .updateTable(table)
            .set({ wrapped_key: rewrapDataKey(from, to, row.wrapped_key) })
            .where(key, '=', row.id)
            .execute();
          count++;
        }
        const last = rows.at(-1);
        if (!last || rows.length < BATCH) break;
        after = last.id;
      }
    }
    return count;
  });
}
