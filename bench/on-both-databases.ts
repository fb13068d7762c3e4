// The desk's benchmarks run the same work on the two databases the back office supports: an
// embedded SQLite file in a temporary folder, then a PostgreSQL cluster of its own
// (server/testing/pg-cluster.ts). Each is seeded, measured, then removed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openStorage, type Storage } from '../server/storage/database.ts';
import { ROOT } from '../server/testing/forms-app.ts';
import { startPostgres } from '../server/testing/pg-cluster.ts';

export type DatabaseLabel = 'SQLite' | 'PostgreSQL';

/** Seeds then measures on SQLite, then on PostgreSQL; returns both databases' results in order. */
export async function onBothDatabases<T>(
  seed: (storage: Storage) => Promise<void>,
  measure: (label: DatabaseLabel, storage: Storage) => Promise<T[]>,
): Promise<T[]> {
  const results: T[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'guichet-bench-'));
  const sqlite = await openStorage(`sqlite:${join(dir, 'site.db')}`, ROOT);
  try {
    await seed(sqlite);
    results.push(...(await measure('SQLite', sqlite)));
  } finally {
    await sqlite.close();
    await rm(dir, { recursive: true, force: true });
  }
  const postgres = await startPostgres();
  try {
    const storage = await openStorage(postgres.url, ROOT);
    try {
      await seed(storage);
      // What autovacuum does soon after a bulk load: statistics and the visibility map, without
      // which no index-only scan is possible.
      await sql`vacuum analyze`.execute(storage.db);
      results.push(...(await measure('PostgreSQL', storage)));
    } finally {
      await storage.close();
    }
  } finally {
    await postgres.stop();
  }
  return results;
}
