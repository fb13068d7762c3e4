// Rotation of the master key of encryption at rest, safe while instances run (ADR 0022): every
// data key (one per submission, one per upload) wrapped by an older key of the ring
// (SUBMISSIONS_OLD_KEYS) is unwrapped and wrapped again by the current one (SUBMISSIONS_KEY), a
// few hundred rows per short transaction, so visitors' submissions are never held up; the data
// itself is not touched. Rows that an instance still writes under an older key meanwhile are
// taken by the next pass; what remains after the last pass is reported, not guessed at.
// `npm run staff -- rotate-key`.
import { sql, type Kysely } from 'kysely';
import type { Database } from './database.ts';
import { rewrapDataKey, ringOf, wrappingKeyId, type MasterKey } from './encryption.ts';
import { storedKeyIds } from './master-key.ts';

export interface RotationReport {
  /** Data keys re-wrapped, by the id of the older key that had wrapped them. */
  rewrapped: Map<string, number>;
  /** Data keys still under an older key after the last pass: an instance still wraps with it. */
  remaining: Map<string, number>;
  /** Data keys under a key the ring does not hold: they cannot be re-wrapped. */
  unknown: Map<string, number>;
}

export interface RotationOptions {
  /** Rows per transaction. */
  batch?: number;
  /** Passes over the tables before what remains is reported. */
  passes?: number;
}

const TABLES = [
  { table: 'submissions', key: 'id' },
  { table: 'uploads', key: 'token' },
] as const;

/** One pass over both tables: re-wraps what an older key wrapped; how many, by key id. */
async function rewrapPass(
  db: Kysely<Database>,
  master: MasterKey,
  olderIds: string[],
  batch: number,
  counts: Map<string, number>,
) {
  for (const { table, key } of TABLES) {
    let after = '';
    for (;;) {
      const rows = await db
        .selectFrom(table)
        .select([`${key} as id`, 'wrapped_key'])
        .where(sql<string>`substr(wrapped_key, 1, 8)`, 'in', olderIds)
        .where(key, '>', after)
        .orderBy(key)
        .limit(batch)
        .execute();
      if (rows.length === 0) break;
      await db.transaction().execute(async (trx) => {
        for (const row of rows) {
          if (!row.wrapped_key) continue;
          // Only if unchanged since it was read (deleted meanwhile: nothing to do).
          const done = await trx
            .updateTable(table)
            .set({ wrapped_key: rewrapDataKey(master, row.wrapped_key) })
            .where(key, '=', row.id)
            .where('wrapped_key', '=', row.wrapped_key)
            .executeTakeFirst();
          const from = wrappingKeyId(row.wrapped_key);
          counts.set(from, (counts.get(from) ?? 0) + Number(done.numUpdatedRows));
        }
      });
      const last = rows.at(-1);
      if (!last || rows.length < batch) break;
      after = last.id;
    }
  }
}

/**
 * Re-wraps every data key that an older key of the ring wrapped under its current key, pass
 * after pass until none is left (or `passes` ran); reports what it did and what it could not.
 */
export async function rotateMasterKey(
  db: Kysely<Database>,
  master: MasterKey,
  { batch = 500, passes = 5 }: RotationOptions = {},
): Promise<RotationReport> {
  const olderIds = ringOf(master)
    .slice(1)
    .map((key) => key.id);
  const known = new Set([master.id, ...olderIds]);
  const rewrapped = new Map<string, number>();
  const select = (stored: Map<string, number>, keep: (id: string) => boolean) =>
    new Map([...stored].filter(([id]) => keep(id)));
  let stored = await storedKeyIds(db);
  for (let pass = 0; pass < passes && olderIds.some((id) => stored.has(id)); pass++) {
    await rewrapPass(db, master, olderIds, batch, rewrapped);
    stored = await storedKeyIds(db);
  }
  return {
    rewrapped: select(rewrapped, (id) => (rewrapped.get(id) ?? 0) > 0),
    remaining: select(stored, (id) => id !== master.id && known.has(id)),
    unknown: select(stored, (id) => !known.has(id)),
  };
}
