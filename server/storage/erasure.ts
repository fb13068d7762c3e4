// What a deletion leaves in the database's files (ADR 0021). On SQLite, secure_delete (sqlite.ts)
// overwrites deleted rows and freed pages with zeros, but the pages as they were before the
// deletion stay in the WAL file until it is checkpointed and overwritten. After an erasure or a
// retention purge, a TRUNCATE checkpoint copies the WAL into the database and empties the WAL
// file: no byte of what was deleted, and no wrapped data key that would open it with the master
// key, is left in the database's files. PostgreSQL keeps dead rows until VACUUM: see the ADR.
import { setTimeout as sleep } from 'node:timers/promises';
import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { BUSY_TIMEOUT_MS } from './sqlite.ts';

/** True when the database is SQLite (a transaction of it too). */
export const isSqlite = (db: { getExecutor(): { readonly adapter: unknown } }): boolean =>
  db.getExecutor().adapter instanceof SqliteAdapter;

const ATTEMPTS = 200;
const PAUSE_MS = 25;

/**
 * Leaves nothing of deleted rows in SQLite's files (on PostgreSQL it does nothing); false when
 * other connections kept the checkpoint from completing for about five seconds (the next
 * deletion or purge tries again).
 */
export async function scrubDeleted<DB>(db: Kysely<DB>): Promise<boolean> {
  if (!isSqlite(db)) return true;
  return db.connection().execute(async (connection) => {
    // No busy handler while checkpointing: it waits on this thread, so another connection of the
    // same process could never finish the transaction it waits for. Retried after a pause instead.
    await sql`PRAGMA busy_timeout = 0`.execute(connection);
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const { rows } = await sql<{
          busy: number;
        }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(connection);
        if (rows[0]?.busy === 0) return true;
        await sleep(PAUSE_MS);
      }
      return false;
    } finally {
      await sql.raw(`PRAGMA busy_timeout = ${String(BUSY_TIMEOUT_MS)}`).execute(connection);
    }
  });
}
