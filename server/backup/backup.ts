// `npm run backup`: a consistent snapshot of the database while visitors keep writing (SQLite's
// online backup API in one step, never a copy of the file; pg_dump on PostgreSQL, one
// transaction), the uploaded files the snapshot refers to, and a manifest with checksums,
// sealed with the backup key (archive.ts). Never the master key: without it the backup's
// submissions and files stay encrypted (docs/operations.md says how to keep both).
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { openStorage } from '../storage/database.ts';
import { recordJobSuccess } from '../storage/job-runs.ts';
import { describeFiles, sealFolder, type Manifest } from './archive.ts';

const run = promisify(execFile);
/** Pages per step of SQLite's backup: all of them in one, under one read transaction. */
const ALL_PAGES = 2 ** 31 - 1;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export interface BackupOptions {
  databaseUrl: string;
  root: string;
  uploadDir: string;
  /** The backup key's public half (age1…). */
  recipient: string;
  output: string;
  release: { version: string; commit: string };
}

/** The SQLite file of a sqlite: URL. */
export const sqliteFile = (url: string, root: string): string => {
  const path = url.slice('sqlite:'.length);
  return isAbsolute(path) ? path : resolve(root, path);
};

/** Snapshots SQLite into `target`; resolves with the upload tokens the snapshot holds. */
async function snapshotSqlite(file: string, target: string): Promise<string[]> {
  const source = new DatabaseSync(file, { readOnly: true });
  try {
    await backup(source, target, { rate: ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(target, { readOnly: true });
  try {
    return copy
      .prepare('select token from uploads')
      .all()
      .map((row) => String(row.token));
  } finally {
    copy.close();
  }
}

/** Makes the backup; resolves with its manifest. */
export async function makeBackup(options: BackupOptions): Promise<Manifest> {
  const { databaseUrl, uploadDir } = options;
  const postgres = /^postgres(ql)?:\/\//.test(databaseUrl);
  if (!postgres && !databaseUrl.startsWith('sqlite:')) {
    throw new Error(`DATABASE_URL must start with sqlite: or postgres://, not "${databaseUrl}"`);
  }
  const stage = await mkdtemp(join(dirname(resolve(options.output)), '.guichet-backup-'));
  try {
    await mkdir(join(stage, 'uploads'));
    let tokens: string[];
    let database: string;
    if (postgres) {
      database = 'database.pgdump';
      // One transaction (a consistent snapshot); the uploads' bytes are in it (ADR 0016).
      await run('pg_dump', ['--format=custom', '--file', join(stage, database), databaseUrl]);
      // Files kept in UPLOAD_DIR before ADR 0016 are still read from there.
      tokens = (await readdir(uploadDir).catch(() => [])).filter((name) => TOKEN.test(name));
    } else {
      database = 'database.sqlite';
      tokens = await snapshotSqlite(sqliteFile(databaseUrl, options.root), join(stage, database));
    }
    const missingUploads: string[] = [];
    for (const token of tokens) {
      // Encrypted as they are on disk: they need the master key to be read, like the database.
      await copyFile(join(uploadDir, token), join(stage, 'uploads', token)).catch(
        (error: unknown) => {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          // Deleted since the snapshot (retention, an erasure, or kept in the database).
          if (!postgres) missingUploads.push(token);
        },
      );
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      release: options.release,
      dialect: postgres ? 'postgres' : 'sqlite',
      database,
      missingUploads,
      files: await describeFiles(stage),
    };
    await sealFolder(stage, manifest, options.recipient, options.output);
    const storage = await openStorage(databaseUrl, options.root, { migrate: false });
    try {
      await recordJobSuccess(storage.db, 'backup', new Date());
    } finally {
      await storage.close();
    }
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
