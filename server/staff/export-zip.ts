// The filtered list's files as one ZIP (administrators): each file decrypted and named
// "<reference>/<the visitor's file name>", the name made safe to unpack anywhere, streamed one
// file at a time (yazl) so that neither the archive nor the files are ever whole in memory.
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import { openKeptFile } from '../forms/kept-files.ts';
import type { Database } from '../storage/database.ts';
import { unwrapDataKey, type MasterKey } from '../storage/encryption.ts';
import type { ExportedCase } from './exports.ts';

// Control characters (cleanLabel removes them already; kept here so that this module alone is
// safe), path separators and what Windows refuses in a name.
// eslint-disable-next-line no-control-regex -- control characters are what is replaced
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;
const MAX_LENGTH = 120;

/**
 * A visitor's file name as one safe path segment: no separator, no control character, no "."
 * or ".." alone, no name Windows reserves, no trailing dot or space, at most 120 characters
 * UTF-16 units (the extension kept).
 */
export function safeFileName(name: string): string {
  let safe = name
    .replace(UNSAFE, '_')
    .trim()
    .replace(/[. ]+$/, '');
  if (!safe) return 'file';
  if (RESERVED.test(safe)) safe = `_${safe}`;
  if (safe.length <= MAX_LENGTH) return safe;
  const dot = safe.lastIndexOf('.');
  const extension = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : '';
  // Cut between characters: a lone half of a surrogate pair would not be a name.
  const stem = safe.slice(0, MAX_LENGTH - extension.length).replace(/[\uD800-\uDBFF]$/, '');
  return stem + extension;
}

/**
 * The ZIP's entry names, one per file, in order: "<reference>/<safe name>", a second file of
 * the same name (case aside, as Windows and macOS compare) numbered "name (2).ext".
 */
export function zipEntryNames(files: { reference: string; name: string }[]): string[] {
  const taken = new Set<string>();
  return files.map(({ reference, name }) => {
    const safe = safeFileName(name);
    const dot = safe.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    let entry = `${safeFileName(reference)}/${safe}`;
    for (let copy = 2; taken.has(entry.toLowerCase()); copy += 1) {
      entry = `${safeFileName(reference)}/${stem} (${copy})${extension}`;
    }
    taken.add(entry.toLowerCase());
    return entry;
  });
}

/** The files of the cases, in the list's order, with their entry names. */
export function zipEntries(cases: ExportedCase[]) {
  const files = cases.flatMap((item) => item.files.map((file) => ({ reference: item.id, file })));
  const names = zipEntryNames(
    files.map(({ reference, file }) => ({ reference, name: file.file_name })),
  );
  return files.map((entry, index) => ({ ...entry, name: names[index] ?? entry.file.token }));
}

/**
 * The ZIP of the cases' files as a stream. Each file is opened only when the archive reaches
 * it (addReadStreamLazy), decrypted on the way; a file that cannot be read fails the stream.
 */
export function filesZip(
  deps: { db: Kysely<Database>; uploadDir: string; masterKey: MasterKey },
  entries: ReturnType<typeof zipEntries>,
): NodeJS.ReadableStream {
  const zip = new ZipFile();
  for (const { file, name } of entries) {
    // Stored, not deflated: the files are mostly photos and PDFs, compressed already.
    zip.addReadStreamLazy(name, { compress: false }, (done) => {
      const key = file.wrapped_key ? unwrapDataKey(deps.masterKey, file.wrapped_key) : undefined;
      openKeptFile(deps.db, deps.uploadDir, file.token, key).then(
        ({ stream }) => {
          done(null, stream);
        },
        (error: unknown) => {
          done(error, undefined as never);
        },
      );
    });
  }
  zip.end();
  const output = zip.outputStream;
  // yazl reports a file that failed to open on the ZipFile: the download fails, not the server.
  zip.on('error', (error: Error) => {
    output.emit('error', error);
  });
  return output;
}
