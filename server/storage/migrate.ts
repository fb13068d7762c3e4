// Runs the schema's migrations so that an upgrade can be rolled back (ADR 0020, expand/contract):
// a release brings an older schema up to its own, and starts and serves on a schema that a newer
// release already migrated further, since every migration only adds what the previous release
// can ignore. Kysely's Migrator alone refuses that database ("corrupted migrations: previously
// executed migration … is missing"); here the migrations the code does not know are handed to it
// as placeholders that are never run. A release refuses a database only when it cannot bring it
// to its own schema: it lacks one of this release's migrations but holds a newer one already
// (another line of releases), or a newer release's contract migration removed what this one uses.
import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';

/** A database this release must not run on; the message says why and what to deploy. */
export class SchemaRefusedError extends Error {
  override name = 'SchemaRefusedError';
}

export interface SchemaState {
  /** This release's migrations that the database has not run yet. */
  pending: string[];
  /** Migrations the database ran that this release does not know (a newer release's). */
  newer: string[];
}

const KYSELY_TABLE = 'kysely_migration';
/** A contract migration names the oldest migration a release must know to run after it. */
const CONTRACT = /^\d{4}-contract-(\d{4})-/;

/**
 * What the database lacks and holds beyond this release's migrations; throws
 * SchemaRefusedError when this release cannot run on it.
 */
export function planMigrations(known: readonly string[], executed: readonly string[]): SchemaState {
  const ran = new Set(executed);
  const ours = new Set(known);
  const pending = known.filter((name) => !ran.has(name)).sort();
  const newer = executed.filter((name) => !ours.has(name)).sort();
  for (const name of newer) {
    const needed = CONTRACT.exec(name)?.[1];
    if (needed !== undefined && !known.some((each) => each.startsWith(`${needed}-`))) {
      throw new SchemaRefusedError(
        `This release cannot run on this database: migration ${name}, of a newer release, removed what releases without migration ${needed} still use. Deploy a release that has migration ${needed} or a newer one.`,
      );
    }
  }
  const newest = newer.at(-1);
  const first = pending[0];
  if (newest !== undefined && first !== undefined && first < newest) {
    throw new SchemaRefusedError(
      `This release cannot migrate this database: it lacks ${pending.join(', ')} of this release but already holds ${newer.join(', ')}, which this release does not know. Deploy the newest release.`,
    );
  }
  return { pending, newer };
}

/** The names of the migrations the database has run (none before the first). */
async function executedMigrations<T>(db: Kysely<T>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === KYSELY_TABLE)) return [];
  const rows = await (db as unknown as Kysely<Record<typeof KYSELY_TABLE, { name: string }>>)
    .selectFrom(KYSELY_TABLE)
    .select('name')
    .execute();
  return rows.map((row) => row.name);
}

/** The database's migrations against `migrations`, as planMigrations says. */
export async function readSchemaState<T>(
  db: Kysely<T>,
  migrations: Readonly<Record<string, Migration>>,
): Promise<SchemaState> {
  return planMigrations(Object.keys(migrations), await executedMigrations(db));
}

/** A migration of another release, listed so that Kysely accepts the database; never run. */
const placeholder = (name: string): Migration => ({
  up: () => Promise.reject(new Error(`migration ${name} is not this release's: it cannot run it`)),
});

/**
 * Kysely's migrator over `migrations` and the newer ones the database holds. It takes a lock (a
 * row of kysely_migration_lock, FOR UPDATE on PostgreSQL) around a run: instances that start
 * at the same moment migrate one after the other.
 */
export function migratorFor<T>(
  db: Kysely<T>,
  migrations: Readonly<Record<string, Migration>>,
  newer: readonly string[],
): Migrator {
  const all = {
    ...Object.fromEntries(newer.map((name) => [name, placeholder(name)])),
    ...migrations,
  };
  return new Migrator({ db, provider: { getMigrations: () => Promise.resolve(all) } });
}

/**
 * Brings the schema up to this release's; resolves with the newer migrations the database
 * holds. Throws SchemaRefusedError, or an error naming the failing migration.
 */
export async function migrate<T>(
  db: Kysely<T>,
  migrations: Readonly<Record<string, Migration>>,
): Promise<SchemaState> {
  // A newer instance may migrate between the read and the run (its migration is then missing
  // from the list): read again and retry.
  for (let attempt = 1; ; attempt++) {
    const { newer } = await readSchemaState(db, migrations);
    const { error, results } = await migratorFor(db, migrations, newer).migrateToLatest();
    if (!error) return { pending: [], newer };
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    if (attempt < 3 && reason.startsWith('corrupted migrations')) continue;
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
