// A backup file: a tar archive of a folder (the database snapshot, the uploads, manifest.json
// with each file's size and SHA-256), encrypted with age (`age-encryption`) to the backup key's
// public half, so that the server which writes backups cannot read them. Debian's `age` opens
// one too: `age -d -i KEY FILE | tar -x`.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';
import { create, extract } from 'tar';

export const MANIFEST = 'manifest.json';

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}
export interface Manifest {
  format: 1;
  createdAt: string;
  release: { version: string; commit: string };
  dialect: 'sqlite' | 'postgres';
  /** The database snapshot's file in the archive. */
  database: string;
  /** Upload rows whose file was gone by the time it was copied (deleted since the snapshot). */
  missingUploads: string[];
  files: ManifestFile[];
}

/** Every file below `dir`, as paths relative to it, sorted. */
async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The SHA-256 of a file, streamed. */
async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Each file of `dir` with its size and checksum (the manifest's own file aside). */
export async function describeFiles(dir: string): Promise<ManifestFile[]> {
  const files: ManifestFile[] = [];
  for (const path of await filesBelow(dir)) {
    if (path === MANIFEST) continue;
    const file = join(dir, path);
    files.push({ path, size: (await stat(file)).size, sha256: await sha256(file) });
  }
  return files;
}

/** Writes `dir` (with its manifest) to `output`, encrypted to `recipient`; atomically. */
export async function sealFolder(
  dir: string,
  manifest: Manifest,
  recipient: string,
  output: string,
) {
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  const tar = Readable.toWeb(Readable.from(create({ cwd: dir, portable: true }, ['.'])));
  const sealed = await encrypter.encrypt(tar as unknown as ReadableStream<Uint8Array>);
  const partial = `${output}.partial`;
  await pipeline(
    Readable.fromWeb(sealed as unknown as WebReadableStream<Uint8Array>),
    createWriteStream(partial, { mode: 0o600, flush: true }),
  );
  await rename(partial, output);
}

/**
 * Decrypts `file` with the backup key `identity` into `dir` and checks every file against the
 * manifest; resolves with the manifest, or throws naming the first file that differs.
 */
export async function openArchive(file: string, identity: string, dir: string): Promise<Manifest> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity.trim());
  const plain = await decrypter
    .decrypt(Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>)
    .catch((error: unknown) => {
      throw new Error(
        `${file} cannot be opened with this backup key: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  await pipeline(
    Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>),
    extract({ cwd: dir, strict: true }),
  );
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
  const found = new Map((await describeFiles(dir)).map((each) => [each.path, each]));
  for (const listed of manifest.files) {
    const actual = found.get(listed.path);
    if (!actual) throw new Error(`${file}: ${listed.path} is missing from the backup`);
    if (actual.sha256 !== listed.sha256 || actual.size !== listed.size) {
      throw new Error(`${file}: ${listed.path} does not match its checksum in the manifest`);
    }
    found.delete(listed.path);
  }
  const extra = [...found.keys()];
  if (extra.length) throw new Error(`${file}: ${extra.join(', ')} not in the manifest`);
  return manifest;
}
