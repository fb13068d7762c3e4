// Which proxies the servers believe about a client (TRUSTED_PROXIES): their X-Forwarded-For gives
// the reader's address to the per-address limits, their X-Forwarded-Proto the scheme. Nobody by
// default: otherwise any client that reaches the port, a process of this machine included,
// could choose its own address and so its own rate-limit bucket.

/** Fastify's trustProxy for TRUSTED_PROXIES: those addresses and ranges, or nobody. */
export const trustedProxies = (list: readonly string[] | undefined): string[] | false =>
  list?.length ? [...list] : false;
