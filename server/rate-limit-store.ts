// A @fastify/rate-limit store in the database, so that instances sharing one PostgreSQL count
// each address together (issue #20). One upsert per request: a counter starts at 1 with the
// window's end, and counts up until that end passes. SQLite keeps the plugin's in-memory store
// for requests; the upload byte budget (upload-quota.ts) counts here on both databases.
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from './storage/database.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * Adds `amount` to `key`'s counter in a window of `windowMs` (a counter whose window is over
 * starts again at `amount`); the count and the ms left.
 */
export async function addToCounter(
  db: Kysely<Database>,
  key: string,
  amount: number,
  windowMs: number,
  now = new Date(),
): Promise<{ current: number; ttl: number }> {
  const current = now.toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: amount, expires_at: new Date(now.getTime() + windowMs).toISOString() })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.expires_at <= ${current} then excluded.count else rate_limits.count + excluded.count end`,
        expires_at: sql<string>`case when rate_limits.expires_at <= ${current} then excluded.expires_at else rate_limits.expires_at end`,
      }),
    )
    .returning(['count', 'expires_at'])
    .executeTakeFirstOrThrow();
  return {
    current: row.count,
    ttl: Math.max(0, Date.parse(row.expires_at) - now.getTime()),
  };
}

/** Counts one request for `key` in a window of `windowMs`; the count and the ms left. */
export const countRequest = (
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<{ current: number; ttl: number }> => addToCounter(db, key, 1, windowMs, now);

/** Takes `amount` back from a counter still in its window (never below 0). */
export async function takeFromCounter(
  db: Kysely<Database>,
  key: string,
  amount: number,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({
      count: sql<number>`case when count > ${amount} then count - ${amount} else 0 end`,
    })
    .where('key', '=', key)
    .where('expires_at', '>', now.toISOString())
    .execute();
}

/** A store class for @fastify/rate-limit's `store` option, counting in `db`. */
export function databaseStore(db: Kysely<Database>, prefix = '') {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      countRequest(db, `${prefix}${key}`, timeWindow).then(
        (result) => {
          callback(null, result);
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    // Each limited route counts apart, as the plugin's own stores do. The plugin passes its
    // merged route parameters, whose routeInfo is the route (its Redis store reads the same).
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string; url?: string } };
      const route = `${routeInfo?.method ?? ''} ${routeInfo?.url ?? ''}`;
      const Store = databaseStore(db, `${prefix}${route} `);
      return new Store();
    }
  };
}
