// Group commit: writes that arrive while a transaction is being committed wait and go into the
// next transaction together, so one durable commit (one fsync) acknowledges a whole batch.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.ts';

const MAX_BATCH = 500;

type Write<Item, Result> = (trx: Transaction<Database>, items: Item[]) => Promise<Result[]>;

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/** Runs `write` on batches of items in one transaction each; each promise settles after its commit. */
export class GroupCommit<Item, Result> {
  readonly #db: Kysely<Database>;
  readonly #write: Write<Item, Result>;
  #queue: Waiting<Item, Result>[] = [];
  #running = false;

  /** `write` gets the items of a batch and returns one result per item, in their order. */
  constructor(db: Kysely<Database>, write: Write<Item, Result>) {
    this.#db = db;
    this.#write = write;
  }

  /** Queues one item; resolves with its result once the transaction holding it is committed. */
  run(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      if (this.#running) return;
      this.#running = true;
      // Not at once: node:sqlite is synchronous, so a transaction started now would commit before
      // the event loop reads the other requests that are already waiting. setImmediate runs
      // after that read, and takes them all.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain() {
    while (this.#queue.length > 0) {
      // Bounded, so that a batch's multi-row insert stays within the databases' parameter limits.
      const batch = this.#queue.splice(0, MAX_BATCH);
      try {
        const results = await this.#db.transaction().execute(async (trx) => {
          const written = await this.#write(
            trx,
            batch.map((waiting) => waiting.item),
          );
          if (written.length !== batch.length) throw new Error('group commit: one result per item');
          return written;
        });
        results.forEach((result, index) => batch[index]?.resolve(result));
      } catch (error) {
        // Nothing of the batch is stored: none of its requests may be acknowledged.
        for (const { reject } of batch) reject(error);
      }
    }
    this.#running = false;
  }
}
