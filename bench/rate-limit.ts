// The per-address rate limit as addresses accumulate (issue #14, item 7): requests per second
// for the first 10,000 distinct addresses, and for 10,000 more once 60,000 are known. A limiter
// whose expiry sweeps its whole table slows down at the second; one with constant-time expiry
// does not. Run alone with `node bench/rate-limit.ts`; `npm run bench` runs it too.
import { createTestApp } from '../server/testing/forms-app.ts';

const PHASE = 10_000;

const addressOf = (index: number) =>
  `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** Requests per second with the limiter in front (the form id is unknown: a cheap 404 after it). */
export async function runRateLimitBench(): Promise<{ first: number; later: number }> {
  const test = await createTestApp({
    rateLimit: { submissions: 1_000_000, uploads: 1_000_000, windowMs: 10 * 60_000 },
  });
  const phase = async (start: number, count: number) => {
    const began = performance.now();
    for (let index = start; index < start + count; index++) {
      await test.app.inject({
        method: 'POST',
        url: '/api/forms/no-such-form',
        remoteAddress: addressOf(index),
        payload: { values: {} },
      });
    }
    return count / ((performance.now() - began) / 1000);
  };
  try {
    const first = await phase(0, PHASE);
    await phase(PHASE, 50_000);
    const later = await phase(60_000, PHASE);
    console.log(
      `\nRate limit, distinct addresses: ${first.toFixed(0)} req/s for the first ${PHASE.toLocaleString('en')}, ${later.toFixed(0)} req/s past 60,000 (ratio ${(later / first).toFixed(2)}; 1.00 is constant time)`,
    );
    return { first, later };
  } finally {
    await test.close();
  }
}

if (import.meta.main) await runRateLimitBench();
