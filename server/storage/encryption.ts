// Encryption at rest of what visitors send (docs/back-office.md "Encryption at rest"): each
// submission's values and notes and each uploaded file (its bytes and its name) are encrypted
// with AES-256-GCM under a data key of their own; the data key is stored wrapped (encrypted) by
// the master key, SUBMISSIONS_KEY. A copy of the database or of the upload folder without that
// key reads nothing; rotating the master key re-wraps the small data keys, not the data (ADR 0022).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** What an encrypted text starts with; older rows written before encryption have none. */
const SEALED = 'v1.';

/**
 * The master key and its id (a short hash, stored with each wrapped key to say which key), with
 * the older keys it replaced: they still open the data keys they wrapped, and wrap nothing new.
 */
export interface MasterKey {
  id: string;
  key: Buffer;
  /** SUBMISSIONS_OLD_KEYS: kept while a rotation re-wraps what they wrapped (ADR 0022). */
  older?: readonly MasterKey[];
}

/** Every key of a ring, the current one first. */
export const ringOf = (master: MasterKey): MasterKey[] => [master, ...(master.older ?? [])];

/** The ids of a ring's keys, as messages name them: "1a2b3c4d (older: 5e6f7a8b)". */
export function describeRing(master: MasterKey): string {
  const older = (master.older ?? []).map((key) => key.id);
  return older.length ? `${master.id} (older: ${older.join(', ')})` : master.id;
}

/** Reads a master key: 32 bytes, written as base64 or 64 hexadecimal digits. */
export function parseMasterKey(text: string): MasterKey {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) {
    throw new Error(
      'SUBMISSIONS_KEY must be 32 random bytes in base64 or hexadecimal: make one with `openssl rand -base64 32`',
    );
  }
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/** A new random master key, in base64 (what `openssl rand -base64 32` prints). */
export const newMasterKeyText = (): string => randomBytes(32).toString('base64');

function seal(key: Buffer, plain: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(key: Buffer, sealed: string): Buffer {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** A new data key and its wrapped form ("keyId.sealed"), the one stored. */
export function newDataKey(master: MasterKey): { key: Buffer; wrapped: string } {
  const key = randomBytes(32);
  return { key, wrapped: `${master.id}.${seal(master.key, key)}` };
}

/** The id of the master key that wrapped a data key. */
export const wrappingKeyId = (wrapped: string): string => wrapped.slice(0, wrapped.indexOf('.'));

/**
 * The data key a wrapped key holds, opened with whichever key of the ring wrapped it; throws,
 * naming the keys, when none did.
 */
export function unwrapDataKey(master: MasterKey, wrapped: string): Buffer {
  const keyId = wrappingKeyId(wrapped);
  const wrapper = ringOf(master).find((key) => key.id === keyId);
  if (!wrapper) {
    throw new Error(
      `a data key is wrapped by master key ${keyId}, which is not SUBMISSIONS_KEY ${describeRing(master)}: docs/back-office.md, "Rotating the key"`,
    );
  }
  return unseal(wrapper.key, wrapped.slice(keyId.length + 1));
}

/** Re-wraps a data key under the ring's current key (rotation). */
export function rewrapDataKey(master: MasterKey, wrapped: string): string {
  return `${master.id}.${seal(master.key, unwrapDataKey(master, wrapped))}`;
}

/** Encrypts a text with a data key. */
export const sealText = (key: Buffer, text: string): string =>
  SEALED + seal(key, Buffer.from(text, 'utf8'));

/** Decrypts a text; a text stored before encryption is returned as it is. */
export const openText = (key: Buffer | undefined, stored: string): string =>
  stored.startsWith(SEALED) && key
    ? unseal(key, stored.slice(SEALED.length)).toString('utf8')
    : stored;

/** The plain bytes of what sealingStream wrote; throws if a byte was changed. */
export function openBytes(key: Buffer, sealed: Buffer): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, sealed.subarray(0, IV_BYTES));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

/**
 * Encrypts a stream as it flows, laid out as IV, ciphertext, tag (what openBytes and openFile
 * read): what is piped through it reaches the disk encrypted only.
 */
export function sealingStream(key: Buffer): Transform {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!started) {
        started = true;
        this.push(iv);
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!started) this.push(iv);
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/** The plain bytes of an encrypted file, as a stream; it fails if a byte was changed. */
export async function openFile(
  key: Buffer,
  file: string,
): Promise<{ stream: Readable; size: number }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(IV_BYTES);
    const tag = Buffer.alloc(TAG_BYTES);
    await handle.read(head, 0, IV_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    const decipher = createDecipheriv(ALGORITHM, key, head);
    decipher.setAuthTag(tag);
    const body = createReadStream(file, { start: IV_BYTES, end: size - TAG_BYTES - 1 });
    body.once('error', (error) => decipher.destroy(error));
    return { stream: body.pipe(decipher), size: size - IV_BYTES - TAG_BYTES };
  } finally {
    await handle.close();
  }
}

/** A stored text as written: decrypted with its row's wrapped key (rows from before: as is). */
export const readSealed = (master: MasterKey, wrapped: string | null, stored: string): string =>
  wrapped === null ? stored : openText(unwrapDataKey(master, wrapped), stored);
