// Receives one uploaded file: streamed to UPLOAD_DIR under a random token (the reader's file
// name is never a path), size limited while streaming, type checked by content, then synced
// to disk before the answer.
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { FILE_TYPES, fileTypeByName, type FileTypeId } from '../../src/forms/file-types.ts';
import { newUploadToken } from './store.ts';

export type ReceiveResult =
  | { kind: 'stored'; token: string; fileName: string; mediaType: string; size: number }
  | { kind: 'tooLarge' }
  | { kind: 'wrongType' };

/** A file name fit to show and export: no folders, no control characters, at most 200 chars. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim();
  return (cleaned.replace(/^\.+/, '') || 'file').slice(-200);
}

const isPlainText = (bytes: Buffer) => {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

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

/** Streams one file into `uploadDir`, checks its size and content, and keeps it under a token. */
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
  const partial = join(uploadDir, 'partial');
  await mkdir(partial, { recursive: true });
  const temporary = join(partial, token);
  try {
    if (!(await writeDurably(stream, temporary))) return { kind: 'tooLarge' };
    if (!(await sniffType(temporary, expected))) return { kind: 'wrongType' };
    const info = await stat(temporary);
    await rename(temporary, join(uploadDir, token));
    // The rename itself must reach the disk before the token is given out.
    const dir = await open(uploadDir, 'r');
    await dir.sync().finally(() => dir.close());
    return {
      kind: 'stored',
      token,
      fileName: cleanFileName(fileName),
      mediaType: FILE_TYPES[expected].mediaType,
      size: info.size,
    };
  } finally {
    await rm(temporary, { force: true });
  }
}
