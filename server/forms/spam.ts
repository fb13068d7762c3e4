// Spam protection without third parties: a self-hosted ALTCHA proof of work (each solution
// used once) and a per-address rate limit. The honeypot is checked in the route.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';

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

/** ALTCHA challenges (SHA-256, deterministic mode) and their one-time verification. */
export class ProofOfWork {
  readonly #secret: string;
  readonly #keySecret: string;
  readonly #counterMin: number;
  readonly #counterMax: number;
  readonly #ttlMs: number;
  /** Signatures of solved challenges until they expire: a solution works once. */
  readonly #used = new Map<string, number>();

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

  /** True for a valid, unexpired solution that was not used before (base64 JSON payload). */
  verify(payload: unknown): boolean {
    if (typeof payload !== 'string' || payload.length > 4096) return false;
    let parsed;
    try {
      parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    } catch {
      return false;
    }
    if (!parsed.success) return false;
    const { challenge, solution } = parsed.data;
    const { parameters } = challenge;
    if (this.#used.has(challenge.signature)) return false;
    if (parameters.expiresAt === undefined || parameters.expiresAt * 1000 < Date.now())
      return false;
    // The checks of altcha-lib's verifySolution (its key-signature path), with node:crypto's
    // synchronous HMAC: altcha-lib imports a WebCrypto key and waits for the thread pool for
    // each of its two HMACs, which cost more than all the rest of a submission. Our challenges
    // always carry a key signature, so a payload without one is refused.
    // The signature covers the parameters as JSON with sorted keys (altcha-lib's canonicalJSON).
    const signed = JSON.stringify(parameters, Object.keys(parameters).sort());
    if (!sameSignature(challenge.signature, hmac(this.#secret, signed))) return false;
    if (parameters.keySignature === undefined || !/^(?:[0-9a-f]{2})+$/.test(solution.derivedKey))
      return false;
    const derivedKey = Buffer.from(solution.derivedKey, 'hex');
    if (!sameSignature(parameters.keySignature, hmac(this.#keySecret, derivedKey))) return false;
    // Synchronous from the check above to here: no other request can use it in between.
    this.#used.set(challenge.signature, parameters.expiresAt * 1000);
    this.#prune();
    return true;
  }

  /** When the next sweep may run: sweeping on every request would cost a pass over the map. */
  #nextPrune = 0;

  #prune() {
    const now = Date.now();
    if (this.#used.size < 10_000 || now < this.#nextPrune) return;
    this.#nextPrune = now + 60_000;
    // A Map iterates in insertion order, and solutions expire in about that order.
    for (const [signature, expires] of this.#used) {
      if (expires >= now) break;
      this.#used.delete(signature);
    }
  }
}

/** A fixed-window counter per address: at most `limit` hits per window. */
export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Counts a hit; when over the limit, says how long until the next is allowed. */
  hit(key: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterMs: number } {
    let window = this.#windows.get(key);
    if (!window || now - window.start >= this.#windowMs) {
      if (this.#windows.size > 50_000) this.#sweep(now);
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count++;
    if (window.count <= this.#limit) return { allowed: true };
    return { allowed: false, retryAfterMs: window.start + this.#windowMs - now };
  }

  #sweep(now: number) {
    for (const [key, window] of this.#windows) {
      if (now - window.start >= this.#windowMs) this.#windows.delete(key);
    }
  }
}
