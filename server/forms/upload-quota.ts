// How much a form's uploads may take before anyone has sent them: a byte budget per address
// (per /64 for IPv6) and window, and a cap on all unclaimed uploads together, counting those
// still streaming in. So no website, and no one with many addresses, can fill the disk.
import { sql, type Kysely } from 'kysely';
import { LruMap } from 'toad-cache';
import type { Database } from '../storage/database.ts';

export interface UploadQuotaOptions {
  /** Bytes one address may upload per window. */
  perAddressBytes: number;
  perAddressWindowMs: number;
  /** Bytes all unclaimed uploads (sent, no submission yet) may take together. */
  pendingBytes: number;
}

export type Reservation =
  | { granted: true; settle: (actualBytes: number) => void; cancel: () => void }
  | { granted: false; refusal: 'address'; retryAfterMs: number }
  | { granted: false; refusal: 'total' };

interface Window {
  start: number;
  bytes: number;
}

/** Addresses remembered; the least recently seen is forgotten first (constant time). */
const REMEMBERED_ADDRESSES = 100_000;

/** The byte budgets of the upload route. */
export class UploadQuota {
  readonly #db: Kysely<Database>;
  readonly #options: UploadQuotaOptions;
  readonly #now: () => number;
  readonly #windows = new LruMap<Window>(REMEMBERED_ADDRESSES);
  /** Bytes reserved by uploads still streaming in (not yet rows). */
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
  async reserve(key: string, bytes: number): Promise<Reservation> {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window || now - window.start >= this.#options.perAddressWindowMs) {
      window = { start: now, bytes: 0 };
      this.#windows.set(key, window);
    }
    if (window.bytes + bytes > this.#options.perAddressBytes) {
      return {
        granted: false,
        refusal: 'address',
        retryAfterMs: window.start + this.#options.perAddressWindowMs - now,
      };
    }
    // Reserved before the database is asked, so that uploads arriving together all count.
    window.bytes += bytes;
    this.#inFlight += bytes;
    const reserved = window;
    let open = true;
    const release = (keptBytes: number) => {
      if (!open) return;
      open = false;
      this.#inFlight -= bytes;
      reserved.bytes += keptBytes - bytes;
    };
    const pending = await pendingUploadBytes(this.#db);
    if (pending + this.#inFlight > this.#options.pendingBytes) {
      release(0);
      return { granted: false, refusal: 'total' };
    }
    return {
      granted: true,
      settle: release,
      cancel: () => {
        release(0);
      },
    };
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
