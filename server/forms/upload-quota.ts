// How much a form's uploads may take before anyone has sent them: a byte budget per address
// (per /64 for IPv6) and window, counted in the database (rate_limits) so that instances sharing
// one PostgreSQL count an address together, and a cap on all unclaimed uploads together,
// counting those still streaming in. So no website, and no one with many addresses, can fill
// the storage.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import { addToCounter, takeFromCounter } from '../rate-limit-store.ts';

export interface UploadQuotaOptions {
  /** Bytes one address may upload per window. */
  perAddressBytes: number;
  perAddressWindowMs: number;
  /** Bytes all unclaimed uploads (sent, no submission yet) may take together. */
  pendingBytes: number;
}

export type Reservation =
  | {
      granted: true;
      settle: (actualBytes: number) => Promise<void>;
      cancel: () => Promise<void>;
    }
  | { granted: false; refusal: 'address'; retryAfterMs: number }
  | { granted: false; refusal: 'total' };

/** The byte budgets of the upload route. */
export class UploadQuota {
  readonly #db: Kysely<Database>;
  readonly #options: UploadQuotaOptions;
  readonly #now: () => number;
  /**
   * Bytes reserved by uploads still streaming into this instance (not yet rows). Those of other
   * instances count once they are rows: the cap can be passed by what N instances receive at
   * the same moment, which the per-address budget bounds.
   */
  #inFlight = 0;

  constructor(db: Kysely<Database>, options: UploadQuotaOptions, now: () => number = Date.now) {
    this.#db = db;
    this.#options = options;
    this.#now = now;
  }

  /**
   * Reserves `bytes` (the most the upload can be) for an address. A granted reservation must be
   * settled with the size that was kept, or cancelled when nothing was.
   */
  async reserve(address: string, bytes: number): Promise<Reservation> {
    const key = `upload-bytes:${address}`;
    const now = new Date(this.#now());
    // Counted before the check, so that uploads arriving together all count.
    const counted = await addToCounter(this.#db, key, bytes, this.#options.perAddressWindowMs, now);
    if (counted.current > this.#options.perAddressBytes) {
      await takeFromCounter(this.#db, key, bytes, now);
      return { granted: false, refusal: 'address', retryAfterMs: counted.ttl };
    }
    this.#inFlight += bytes;
    let open = true;
    const release = async (keptBytes: number) => {
      if (!open) return;
      open = false;
      this.#inFlight -= bytes;
      if (keptBytes < bytes) {
        await takeFromCounter(this.#db, key, bytes - keptBytes, new Date(this.#now()));
      }
    };
    const pending = await pendingUploadBytes(this.#db);
    if (pending + this.#inFlight > this.#options.pendingBytes) {
      await release(0);
      return { granted: false, refusal: 'total' };
    }
    return { granted: true, settle: release, cancel: () => release(0) };
  }
}

/** The bytes of all uploads that no submission has claimed yet. */
export async function pendingUploadBytes(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select(sql<string | number | null>`sum(size)`.as('bytes'))
    .where('submission_id', 'is', null)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}
