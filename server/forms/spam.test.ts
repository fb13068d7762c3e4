// The spam defences on their own: a proof-of-work solution works once, and the per-address
// fixed-window rate limit.
import { verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { ProofOfWork, RateLimiter } from './spam.ts';
import { solve } from './testing.ts';

describe('ProofOfWork', () => {
  it('accepts a solution once, and refuses one signed with another secret', async () => {
    const work = new ProofOfWork({ secret: 'a', counterMin: 0, counterMax: 10 });
    const payload = await solve(await work.challenge());
    expect(work.verify(payload)).toBe(true);
    expect(work.verify(payload)).toBe(false);
    const other = new ProofOfWork({ secret: 'b', counterMin: 0, counterMax: 10 });
    expect(other.verify(await solve(await work.challenge()))).toBe(false);
    expect(work.verify('not base64 json')).toBe(false);
    expect(work.verify(undefined)).toBe(false);
  });

  it('refuses a challenge whose parameters, signature or key were changed, as altcha-lib does', async () => {
    const work = new ProofOfWork({ secret: 'a', counterMin: 0, counterMax: 10 });
    const decode = (payload: string) =>
      JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
        challenge: Challenge;
        solution: Solution;
      };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const { challenge, solution } = decode(await solve(await work.challenge()));
    const { parameters } = challenge;
    const forged = [
      { challenge: { ...challenge, parameters: { ...parameters, keyPrefix: '00' } }, solution },
      {
        challenge: { ...challenge, parameters: { ...parameters, expiresAt: 4102444800 } },
        solution,
      },
      // The same signature written in capitals would dodge the list of used ones.
      {
        challenge: { ...challenge, signature: (challenge.signature ?? '').toUpperCase() },
        solution,
      },
      { challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } },
      { challenge, solution: { ...solution, derivedKey: solution.derivedKey.toUpperCase() } },
    ];
    for (const payload of forged) {
      const library = await verifySolution({
        ...payload,
        deriveKey,
        hmacSignatureSecret: 'a',
        hmacKeySignatureSecret: 'a:key',
      });
      expect([work.verify(encode(payload)), library.verified]).toEqual([false, false]);
    }
    // The genuine payload passes both, once.
    const library = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: 'a',
      hmacKeySignatureSecret: 'a:key',
    });
    expect([work.verify(encode({ challenge, solution })), library.verified]).toEqual([true, true]);
  });

  it('refuses an expired challenge', async () => {
    const work = new ProofOfWork({ counterMin: 0, counterMax: 10, ttlMs: -1000 });
    expect(work.verify(await solve(await work.challenge()))).toBe(false);
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
