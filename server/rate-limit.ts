// The per-address rate limit of the API, configured here only: @fastify/rate-limit with its
// in-memory LRU store on SQLite (one server; constant time per request, however many
// addresses), and on PostgreSQL counters in the database that every instance shares
// (rate-limit-store.ts). IPv6 addresses are counted per /64 (what one household or phone gets).
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Storage } from './storage/database.ts';
import { databaseStore } from './rate-limit-store.ts';

/** IPv6 addresses within one /64 count as one reader. */
export const IPV6_PREFIX = 64;
/** Addresses remembered per route; the least recently seen is forgotten first. */
const REMEMBERED_ADDRESSES = 100_000;

/** The key a reader is counted under: the IPv4 address, or the IPv6 /64 (IPv4-mapped as IPv4). */
export function clientKey(ip: string): string {
  return normalizeIP(ip, IPV6_PREFIX);
}

/** Thrown when a request is over the limit; the API's error handler writes the translated answer. */
export class RateLimitedError extends Error {
  readonly statusCode = 429;
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('rate limited');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Registers the limiter on a scope; routes opt in with `config: { rateLimit: routeLimit(…) }`. */
export async function registerRateLimit(
  scope: FastifyInstance,
  storage: Pick<Storage, 'db' | 'dialect'>,
): Promise<void> {
  await scope.register(rateLimit, {
    global: false,
    ...(storage.dialect === 'postgres' ? { store: databaseStore(storage.db) } : {}),
    ipv6Subnet: IPV6_PREFIX,
    keyGenerator: (request: FastifyRequest) => clientKey(request.ip),
    // Only Retry-After, on a refusal: the counters are nobody else's business.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

/** A route's limit: `max` requests per address per window. */
export function routeLimit(max: number, windowMs: number) {
  return { max, timeWindow: windowMs, cache: REMEMBERED_ADDRESSES };
}
