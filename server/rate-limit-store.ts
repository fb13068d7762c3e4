// A @fastify/rate-limit store in the database, so that instances sharing one PostgreSQL count
// each address together (issue #20). One upsert per request: a counter starts at 1 with the
// window's end, and counts up until that end passes. SQLite keeps the in-memory store.
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from './storage/database.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** Counts one request for `key` in a window of `windowMs`; the count and the ms left. */
export async function countRequest(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<{ current: number; ttl: number }> {
  const current = now.toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, expires_at: new Date(now.getTime() + windowMs).toISOString() })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.expires_at <= ${current} then 1 else rate_limits.count + 1 end`,
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
