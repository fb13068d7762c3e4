// Receives one uploaded file: encrypted as it streams in, under a data key of its own, into
// UPLOAD_DIR/partial under a random token (the reader's file name is never a path), so no plain
// byte of it ever reaches the disk (a crash leaves only ciphertext); its size is limited and its
// type checked by content on the way (file-check.ts). Then kept: on PostgreSQL into the database
// with its row, in one transaction; on SQLite moved into UPLOAD_DIR, synced to disk before its
// row is written, so that a crash at any point leaves no row without its file (a file without
// its row is swept: sweep.ts). kept-files.ts says why.
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { cleanLabel } from '../../src/forms/clean-text.ts';
import { FILE_TYPES, fileTypeByName, type FileTypeId } from '../../src/forms/file-types.ts';
import type { Database } from '../storage/database.ts';
import { newDataKey, sealingStream, sealText, type MasterKey } from '../storage/encryption.ts';
import { FileInspector } from './file-check.ts';
import type { FileHome } from './kept-files.ts';
import { newUploadToken } from './store.ts';

/** A file that passed the checks, encrypted in UPLOAD_DIR/partial: keep it or discard it. */
export interface ReceivedFile {
  token: string;
  temporary: string;
  fileName: string;
  mediaType: string;
  size: number;
  /** The data key that encrypts it, and the same wrapped by the master key. */
  dataKey: { key: Buffer; wrapped: string };
}

export type ReceiveResult =
  | { kind: 'received'; file: ReceivedFile }
  | { kind: 'tooLarge' }
  | { kind: 'wrongType' }
  | { kind: 'empty' };

/** The folder of files being received, inside UPLOAD_DIR. */
export const PARTIAL_DIR = 'partial';

/**
 * A file name fit to show and export: no folders, no control, format or invisible characters
 * (a bidi override would show "report\u202Efdp.exe" as "reportexe.pdf"), at most 200 chars.
 */
export function cleanFileName(name: string): string {
  const base = cleanLabel(name).split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[<>:"|?*]/g, '').trim();
  return (cleaned.replace(/^\.+/, '') || 'file').slice(-200);
}

/** Streams one file, encrypted, into `uploadDir`/partial and checks its size and content. */
export async function receiveFile(
  uploadDir: string,
  stream: Readable & { truncated?: boolean },
  fileName: string,
  accept: readonly FileTypeId[],
  masterKey: MasterKey,
): Promise<ReceiveResult> {
  const name = cleanFileName(fileName);
  const expected = fileTypeByName(name, accept);
  if (!expected) {
    stream.resume();
    return { kind: 'wrongType' };
  }
  const token = newUploadToken();
  const partial = join(uploadDir, PARTIAL_DIR);
  await mkdir(partial, { recursive: true, mode: 0o700 });
  const temporary = join(partial, token);
  const dataKey = newDataKey(masterKey);
  const inspector = new FileInspector(expected);
  let kept = false;
  try {
    await pipeline(
      stream,
      inspector,
      sealingStream(dataKey.key),
      createWriteStream(temporary, { flags: 'wx', mode: 0o600, flush: true }),
    );
    if (stream.truncated === true) return { kind: 'tooLarge' };
    if (inspector.size === 0) return { kind: 'empty' };
    if (!(await inspector.matches())) return { kind: 'wrongType' };
    kept = true;
    return {
      kind: 'received',
      file: {
        token,
        temporary,
        fileName: name,
        mediaType: FILE_TYPES[expected].mediaType,
        size: inspector.size,
        dataKey,
      },
    };
  } finally {
    if (!kept) await rm(temporary, { force: true });
  }
}

/** Removes a received file that is not kept. */
export async function discardFile(file: ReceivedFile): Promise<void> {
  await rm(file.temporary, { force: true });
}

/**
 * Keeps a received file, with its row (its name encrypted with the file's data key): its
 * encrypted bytes into the database, or moved into UPLOAD_DIR (synced before the row is
 * written). When the row cannot be written, the file goes too, and the error is thrown on.
 */
export async function keepFile(
  db: Kysely<Database>,
  uploadDir: string,
  file: ReceivedFile,
  row: { form_id: string; field: string; created_at: string },
  home: FileHome,
): Promise<void> {
  const uploadRow = {
    ...row,
    token: file.token,
    file_name: sealText(file.dataKey.key, file.fileName),
    media_type: file.mediaType,
    size: file.size,
    submission_id: null,
    wrapped_key: file.dataKey.wrapped,
  };
  try {
    if (home === 'database') {
      // At most a form's file limit (20 MB) in memory, for the time of one insert.
      const content = await readFile(file.temporary);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('uploads').values(uploadRow).execute();
        await trx.insertInto('upload_contents').values({ token: file.token, content }).execute();
      });
      return;
    }
    const kept = join(uploadDir, file.token);
    try {
      // Synced when it was written (flush); the new name must reach the disk before the row.
      await rename(file.temporary, kept);
      const dir = await open(uploadDir, 'r');
      await dir.sync().finally(() => dir.close());
      await db.insertInto('uploads').values(uploadRow).execute();
    } catch (error) {
      await rm(kept, { force: true });
      throw error;
    }
  } finally {
    await discardFile(file);
  }
}
