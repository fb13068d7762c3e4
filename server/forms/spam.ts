// Spam protection without third parties: a self-hosted ALTCHA proof of work, each solution
// accepted once, across restarts and across servers sharing the database (server/rate-limit.ts
// limits per address; the honeypot is checked in the route).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../storage/database.ts';

export interface ProofOfWorkOptions {
  /** HMAC secret; a random one per start when unset (challenges then do not survive a restart). */
  secret?: string;
  /** The work asked: the counter the browser must find lies in this range. */
  counterMin?: number;
  counterMax?: number;
  /** How long a challenge stays valid. */
  ttlMs?: number;
}

const hmac = (secret: string, data: string | Buffer): string =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Compares a signature from the payload with ours in constant time; exact text, so the used
 * list cannot be dodged by writing the same signature another way (such as in capitals). */
const sameSignature = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }).loose(),
});

/** A checked solution: its challenge's signature (what makes it unique) and its expiry. */
export interface Proof {
  signature: string;
  expiresAt: Date;
}

/** ALTCHA challenges (SHA-256, deterministic mode) and the check of their solutions. */
export class ProofOfWork {
  readonly #secret: string;
  readonly #keySecret: string;
  readonly #counterMin: number;
  readonly #counterMax: number;
  readonly #ttlMs: number;

  constructor(options: ProofOfWorkOptions = {}) {
    this.#secret = options.secret ?? randomBytes(32).toString('hex');
    this.#keySecret = `${this.#secret}:key`;
    this.#counterMin = options.counterMin ?? 5_000;
    this.#counterMax = Math.max(this.#counterMin, options.counterMax ?? 20_000);
    this.#ttlMs = options.ttlMs ?? 20 * 60_000;
  }

  /** A new challenge for a browser to solve. */
  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(this.#counterMin, this.#counterMax),
      deriveKey,
      hmacSignatureSecret: this.#secret,
      hmacKeySignatureSecret: this.#keySecret,
      expiresAt: new Date(Date.now() + this.#ttlMs),
    });
  }

  /**
   * The proof in a valid, unexpired solution (base64 JSON payload), or null. Whether it was used
   * before is the database's to say: spendProof.
   */
  verify(payload: unknown, now = Date.now()): Proof | null {
    if (typeof payload !== 'string' || payload.length > 4096) return null;
    let parsed;
    try {
      parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    } catch {
      return null;
    }
    if (!parsed.success) return null;
    const { challenge, solution } = parsed.data;
    const { parameters } = challenge;
    if (parameters.expiresAt === undefined || parameters.expiresAt * 1000 < now) return null;
    // The checks of altcha-lib's verifySolution (its key-signature path), with node:crypto's
    // synchronous HMAC: altcha-lib imports a WebCrypto key and waits for the thread pool for
    // each of its two HMACs, which cost more than all the rest of a submission. Our challenges
    // always carry a key signature, so a payload without one is refused.
    // The signature covers the parameters as JSON with sorted keys (altcha-lib's canonicalJSON).
    const signed = JSON.stringify(parameters, Object.keys(parameters).sort());
    if (!sameSignature(challenge.signature, hmac(this.#secret, signed))) return null;
    if (parameters.keySignature === undefined || !/^(?:[0-9a-f]{2})+$/.test(solution.derivedKey))
      return null;
    const derivedKey = Buffer.from(solution.derivedKey, 'hex');
    if (!sameSignature(parameters.keySignature, hmac(this.#keySecret, derivedKey))) return null;
    return { signature: challenge.signature, expiresAt: new Date(parameters.expiresAt * 1000) };
  }
}

/**
 * Records a proof as used; false when it was used before, by this server or by another sharing
 * the database. In a transaction (a submission's), it is spent only if that commits.
 */
export async function spendProof(
  db: Kysely<Database> | Transaction<Database>,
  proof: Proof,
): Promise<boolean> {
  const result = await db
    .insertInto('used_proofs')
    .values({ signature: proof.signature, expires_at: proof.expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column('signature').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
