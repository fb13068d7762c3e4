// `npm run restore`: a backup into an empty instance. The archive is decrypted with the backup
// key and every file checked against the manifest's checksums (archive.ts) before anything is
// written; the instance's database and upload folder must be empty; then the master key must
// open every data key and every submission, or the restore says so (a backup without the
// master key it was made under reads nothing).
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { countRows, openStorage, type Storage } from '../storage/database.ts';
import { readSealed, unwrapDataKey, type MasterKey } from '../storage/encryption.ts';
import { openArchive, type Manifest } from './archive.ts';
import { sqliteFile } from './backup.ts';

const run = promisify(execFile);

export interface RestoreOptions {
  file: string;
  /** The backup key's private half (AGE-SECRET-KEY-1…). */
  identity: string;
  databaseUrl: string;
  root: string;
  uploadDir: string;
  masterKey: MasterKey;
}

export interface Restored {
  manifest: Manifest;
  submissions: number;
  files: number;
  auditLines: number;
}

/** Throws unless the target database and upload folder hold nothing. */
async function ensureEmpty(options: RestoreOptions, postgres: boolean): Promise<void> {
  const uploads = await readdir(options.uploadDir).catch(() => []);
  if (uploads.length)
    throw new Error(`UPLOAD_DIR ${options.uploadDir} is not empty: restore into an empty instance`);
  if (!postgres) {
    const file = sqliteFile(options.databaseUrl, options.root);
    if (await stat(file).catch(() => null)) {
      throw new Error(`${file} exists: restore into an empty instance (move it away first)`);
    }
    return;
  }
  const storage = await openStorage(options.databaseUrl, options.root, { migrate: false });
  try {
    const tables = await storage.db.introspection.getTables({ withInternalKyselyTables: true });
    if (tables.length) {
      throw new Error(
        'the database named by DATABASE_URL is not empty: restore into an empty database',
      );
    }
  } finally {
    await storage.close();
  }
}

/** Opens every data key and every submission with the master key; throws on the first that fails. */
async function checkMasterKey(storage: Storage, key: MasterKey): Promise<void> {
  const rows = await storage.db
    .selectFrom('submissions')
    .select(['id', 'data', 'wrapped_key'])
    .execute();
  const uploads = await storage.db.selectFrom('uploads').select(['token', 'wrapped_key']).execute();
  try {
    for (const row of rows) readSealed(key, row.wrapped_key, row.data);
    for (const row of uploads) if (row.wrapped_key) unwrapDataKey(key, row.wrapped_key);
  } catch (error) {
    throw new Error(
      `The master key (id ${key.id}) does not open the restored data: ${error instanceof Error ? error.message : String(error)}. Give the instance the master key the backup was made under.`,
    );
  }
}

/** Restores the backup; resolves with what it holds. */
export async function restoreBackup(options: RestoreOptions): Promise<Restored> {
  const postgres = /^postgres(ql)?:\/\//.test(options.databaseUrl);
  await ensureEmpty(options, postgres);
  await mkdir(options.uploadDir, { recursive: true });
  const stage = await mkdtemp(join(options.uploadDir, '..', '.guichet-restore-'));
  try {
    const manifest = await openArchive(options.file, options.identity, stage);
    if ((manifest.dialect === 'postgres') !== postgres) {
      throw new Error(
        `this backup is of ${manifest.dialect}, DATABASE_URL is not: restore it into the same kind of database`,
      );
    }
    const database = join(stage, manifest.database);
    if (postgres) {
      await run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '--dbname',
        options.databaseUrl,
        database,
      ]);
    } else {
      const file = sqliteFile(options.databaseUrl, options.root);
      await mkdir(dirname(file), { recursive: true });
      await copyFile(database, file);
    }
    const uploads = await readdir(join(stage, 'uploads'));
    for (const token of uploads)
      await copyFile(join(stage, 'uploads', token), join(options.uploadDir, token));
    // Migrated to this release's schema, if the backup is older.
    const storage = await openStorage(options.databaseUrl, options.root);
    try {
      await checkMasterKey(storage, options.masterKey);
      await sql`select 1`.execute(storage.db);
      return {
        manifest,
        submissions: await countRows(storage.db, 'submissions'),
        files: await countRows(storage.db, 'uploads'),
        auditLines: await countRows(storage.db, 'audit_log'),
      };
    } finally {
      await storage.close();
    }
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
