// Where a kept upload's encrypted bytes live (ADR 0016). On PostgreSQL, in the database (table
// upload_contents, with the upload's row, in one transaction): the API instances of several
// machines share one database and no disk, so a file received by one instance is read by the
// back office of another, and one database backup holds every file. On SQLite (one machine) in
// UPLOAD_DIR, as before. Either way encrypted under the file's own data key.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../storage/database.ts';
import { openBytes, openFile } from '../storage/encryption.ts';

/** Where kept files go: the database, or files in UPLOAD_DIR. */
export type FileHome = 'database' | 'directory';

export const fileHomeFor = (dialect: Dialect): FileHome =>
  dialect === 'postgres' ? 'database' : 'directory';

/**
 * A kept file's plain bytes as a stream, wherever it is: in the database, or in UPLOAD_DIR
 * (encrypted, or as written before encryption when `key` is undefined). Files kept in
 * UPLOAD_DIR before the database held them stay readable after a move to PostgreSQL.
 */
export async function openKeptFile(
  db: Kysely<Database>,
  uploadDir: string,
  token: string,
  key: Buffer | undefined,
): Promise<{ stream: Readable; size: number }> {
  const row = await db
    .selectFrom('upload_contents')
    .select('content')
    .where('token', '=', token)
    .executeTakeFirst();
  if (row && key) {
    const plain = openBytes(key, Buffer.from(row.content));
    return { stream: Readable.from([plain]), size: plain.length };
  }
  const path = join(uploadDir, token);
  if (key) return openFile(key, path);
  return { stream: createReadStream(path), size: (await stat(path)).size };
}
