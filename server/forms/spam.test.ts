// The proof-of-work check on its own: the same verdicts as altcha-lib's verifySolution, and a
// solution spent once in the database (server/forms/attacks.test.ts: across restarts and servers).
import { verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { ProofOfWork } from './spam.ts';
import { solve } from '../testing/forms-app.ts';

describe('ProofOfWork', () => {
  it('accepts a valid solution, and refuses one signed with another secret', async () => {
    const work = new ProofOfWork({ secret: 'a', counterMin: 0, counterMax: 10, ttlMs: 60_000 });
    const challenge = await work.challenge();
    const proof = work.verify(await solve(challenge));
    expect(proof?.signature).toBe(challenge.signature);
    expect(proof?.expiresAt.getTime()).toBe((challenge.parameters.expiresAt ?? 0) * 1000);
    const other = new ProofOfWork({ secret: 'b', counterMin: 0, counterMax: 10 });
    expect(other.verify(await solve(await work.challenge()))).toBeNull();
    expect(work.verify('not base64 json')).toBeNull();
    expect(work.verify(undefined)).toBeNull();
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
      expect([work.verify(encode(payload)) !== null, library.verified]).toEqual([false, false]);
    }
    // The genuine payload passes both.
    const library = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: 'a',
      hmacKeySignatureSecret: 'a:key',
    });
    expect([work.verify(encode({ challenge, solution })) !== null, library.verified]).toEqual([
      true,
      true,
    ]);
  });

  it('refuses an expired challenge', async () => {
    const work = new ProofOfWork({ counterMin: 0, counterMax: 10, ttlMs: -1000 });
    expect(work.verify(await solve(await work.challenge()))).toBeNull();
  });
});
