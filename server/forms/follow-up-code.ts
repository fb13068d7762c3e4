// The follow-up code (ADR 0030): 16 random digits, the visitor's only key to the conversation.
// The server keeps scrypt's hash of it, never the code; a check costs the same whether the
// reference exists or not, and compares in constant time.
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Digits of a code: 10^16 codes, 53.2 bits. */
export const CODE_DIGITS = 16;

/** scrypt's cost: 16 MiB and about 50 ms a check on the 2-core machine (ADR 0030). */
export const SCRYPT = { N: 2 ** 14, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
// N × r × 128 bytes is 16 MiB; the default limit (32 MiB) would refuse a later N = 2^15.
const MAX_MEMORY = 64 * 1024 * 1024;

/** A new code: 16 digits, each drawn without bias. */
export function newFollowUpCode(): string {
  let code = '';
  for (let index = 0; index < CODE_DIGITS; index++) code += String(randomInt(10));
  return code;
}

/** The code as typed (spaces, dashes, dots aside), or null when it cannot be one. */
export function normaliseCode(typed: string): string | null {
  const digits = typed.replace(/[\s.\-‐-―]/g, '');
  return /^\d{16}$/.test(digits) ? digits : null;
}

const derive = (code: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(code, salt, KEY_BYTES, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });

/** What the database keeps of a code: "scrypt$N$r$p$salt$hash" (base64url). */
export async function hashFollowUpCode(code: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(code, salt, { ...SCRYPT, maxmem: MAX_MEMORY });
  const { N, r, p } = SCRYPT;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

// Checked when a reference is unknown or has no code: the same work, the same answer.
let dummyHash: Promise<string> | undefined;

/**
 * True when `code` is the one `stored` was made from. `stored` null or malformed (an unknown
 * reference) costs the same scrypt run against a dummy hash and answers false.
 */
export async function checkFollowUpCode(stored: string | null, code: string): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  const known = parts.length === 6 && parts[0] === 'scrypt';
  dummyHash ??= hashFollowUpCode(newFollowUpCode());
  const [, n, r, p, salt, hash] = known ? parts : (await dummyHash).split('$');
  const expected = Buffer.from(hash ?? '', 'base64url');
  const key = await derive(code, Buffer.from(salt ?? '', 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return known && expected.length === key.length && timingSafeEqual(expected, key);
}
