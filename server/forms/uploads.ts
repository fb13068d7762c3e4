// Receives one uploaded file: streamed to UPLOAD_DIR/partial under a random token (the reader's
// file name is never a path), size limited while streaming, type checked by content; then kept,
// encrypted: on PostgreSQL into the database with its row, in one transaction; on SQLite into
// UPLOAD_DIR, synced to disk before its row is written, so that a crash at any point leaves no
// row without its file (a file without its row is swept: sweep.ts). kept-files.ts says why.
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely } from 'kysely';
import { wellFormed } from '../../src/forms/clean-text.ts';
import { FILE_TYPES, fileTypeByName, type FileTypeId } from '../../src/forms/file-types.ts';
import type { Database } from '../storage/database.ts';
import {
  newDataKey,
  sealBytes,
  sealFile,
  sealText,
  type MasterKey,
} from '../storage/encryption.ts';
import type { FileHome } from './kept-files.ts';
import { newUploadToken } from './store.ts';

/** A file that passed the checks, still in UPLOAD_DIR/partial: keep it or discard it. */
export interface ReceivedFile {
  token: string;
  temporary: string;
  fileName: string;
  mediaType: string;
  size: number;
}

export type ReceiveResult =
  | { kind: 'received'; file: ReceivedFile }
  | { kind: 'tooLarge' }
  | { kind: 'wrongType' }
  | { kind: 'empty' };

/** The folder of files being received, inside UPLOAD_DIR. */
export const PARTIAL_DIR = 'partial';

/** A file name fit to show and export: no folders, no control characters, at most 200 chars. */
export function cleanFileName(name: string): string {
  const base = wellFormed(name).split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim();
  return (cleaned.replace(/^\.+/, '') || 'file').slice(-200);
}

// Control characters that text files do hold: tab, line feed, vertical tab, form feed,
// carriage return, and SUB (0x1A), the end-of-file mark of old DOS editors.
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1a]);

/**
 * Plain text: UTF-16 with its byte-order mark (Windows Notepad's "Unicode"), or bytes without
 * the control characters text never holds, in UTF-8 or a single-byte code page such as Latin-1
 * or Windows-1252 (where every byte from 0x80 up is a letter or a sign).
 */
function isPlainText(bytes: Buffer): boolean {
  const bom = bytes.subarray(0, 2).toString('hex');
  if (bom === 'fffe' || bom === 'feff') {
    try {
      const text = new TextDecoder(bom === 'fffe' ? 'utf-16le' : 'utf-16be', {
        fatal: true,
      }).decode(bytes.subarray(2));
      // eslint-disable-next-line no-control-regex -- control characters are what is looked for
      return !/[\u0000-\u0008\u000e-\u0019\u001b-\u001f]/.test(text);
    } catch {
      return false;
    }
  }
  return bytes.every((byte) => byte >= 0x20 || TEXT_CONTROLS.has(byte));
}

/** What the content of a file is, among the accepted types; undefined when it matches none. */
export async function sniffType(file: string, expected: FileTypeId): Promise<boolean> {
  const allowed: readonly string[] = FILE_TYPES[expected].detected;
  if (allowed.includes('text')) {
    const bytes = await readFile(file);
    return (await fileTypeFromBuffer(bytes)) === undefined && isPlainText(bytes);
  }
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const detected = await fileTypeFromBuffer(head.subarray(0, bytesRead));
    return detected !== undefined && allowed.includes(detected.ext);
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/** Writes a stream to disk, fsynced; false when the stream was cut at the size limit. */
async function writeDurably(stream: Readable & { truncated?: boolean }, file: string) {
  await pipeline(stream, createWriteStream(file, { flags: 'wx', mode: 0o600, flush: true }));
  return stream.truncated !== true;
}

/** Streams one file into `uploadDir`/partial and checks its size and content. */
export async function receiveFile(
  uploadDir: string,
  stream: Readable & { truncated?: boolean },
  fileName: string,
  accept: readonly FileTypeId[],
): Promise<ReceiveResult> {
  const expected = fileTypeByName(fileName, accept);
  if (!expected) {
    stream.resume();
    return { kind: 'wrongType' };
  }
  const token = newUploadToken();
  const partial = join(uploadDir, PARTIAL_DIR);
  await mkdir(partial, { recursive: true });
  const temporary = join(partial, token);
  let kept = false;
  try {
    if (!(await writeDurably(stream, temporary))) return { kind: 'tooLarge' };
    const { size } = await stat(temporary);
    if (size === 0) return { kind: 'empty' };
    if (!(await sniffType(temporary, expected))) return { kind: 'wrongType' };
    kept = true;
    return {
      kind: 'received',
      file: {
        token,
        temporary,
        fileName: cleanFileName(fileName),
        mediaType: FILE_TYPES[expected].mediaType,
        size,
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
 * Keeps a received file, encrypted under a data key of its own, with its row (its name
 * encrypted too): in the database, or in UPLOAD_DIR (synced before the row is written). The
 * plain file in partial/ is removed. When the row cannot be written, the file goes too, and the
 * error is thrown on.
 */
export async function keepFile(
  db: Kysely<Database>,
  uploadDir: string,
  file: ReceivedFile,
  row: { form_id: string; field: string; created_at: string },
  masterKey: MasterKey,
  home: FileHome,
): Promise<void> {
  const dataKey = newDataKey(masterKey);
  const uploadRow = {
    ...row,
    token: file.token,
    file_name: sealText(dataKey.key, file.fileName),
    media_type: file.mediaType,
    size: file.size,
    submission_id: null,
    wrapped_key: dataKey.wrapped,
  };
  try {
    if (home === 'database') {
      // At most a form's file limit (20 MB) in memory, for the time of one insert.
      const content = sealBytes(dataKey.key, await readFile(file.temporary));
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('uploads').values(uploadRow).execute();
        await trx.insertInto('upload_contents').values({ token: file.token, content }).execute();
      });
      return;
    }
    const kept = join(uploadDir, file.token);
    try {
      await sealFile(dataKey.key, file.temporary, kept);
      const sealed = await open(kept, 'r');
      await sealed.sync().finally(() => sealed.close());
      // The new name must reach the disk before the row does.
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
