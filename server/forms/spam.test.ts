// The spam defences on their own: a proof-of-work solution works once, and the per-address
// fixed-window rate limit.
import { describe, expect, it } from 'vitest';
import { ProofOfWork, RateLimiter } from './spam.ts';
import { solve } from './testing.ts';

describe('ProofOfWork', () => {
  it('accepts a solution once, and refuses one signed with another secret', async () => {
    const work = new ProofOfWork({ secret: 'a', counterMin: 0, counterMax: 10 });
    const payload = await solve(await work.challenge());
    expect(await work.verify(payload)).toBe(true);
    expect(await work.verify(payload)).toBe(false);
    const other = new ProofOfWork({ secret: 'b', counterMin: 0, counterMax: 10 });
    expect(await other.verify(await solve(await work.challenge()))).toBe(false);
    expect(await work.verify('not base64 json')).toBe(false);
    expect(await work.verify(undefined)).toBe(false);
  });

  it('refuses an expired challenge', async () => {
    const work = new ProofOfWork({ counterMin: 0, counterMax: 10, ttlMs: -1000 });
    expect(await work.verify(await solve(await work.challenge()))).toBe(false);
  });
});

describe('RateLimiter', () => {
  it('allows the limit per address and window, then says how long to wait', () => {
    const limiter = new RateLimiter(2, 60_000);
    expect(limiter.hit('a', 0)).toEqual({ allowed: true });
    expect(limiter.hit('a', 1_000)).toEqual({ allowed: true });
    expect(limiter.hit('a', 15_000)).toEqual({ allowed: false, retryAfterMs: 45_000 });
    expect(limiter.hit('b', 15_000)).toEqual({ allowed: true });
    expect(limiter.hit('a', 60_000)).toEqual({ allowed: true });
  });
});
