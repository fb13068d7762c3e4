// What two API instances on one PostgreSQL share (issue #20): they count one reader's
// submissions, and the bytes of their uploads, together, and a proof-of-work solution spent on
// one is refused by the other; a counter's window restarts when it has passed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRequest } from './rate-limit-store.ts';
import { UploadQuota } from './forms/upload-quota.ts';
import { openStorage } from './storage/database.ts';
import {
  contactValues,
  createTestApp,
  proofOfWork,
  ROOT,
  type TestApp,
} from './testing/forms-app.ts';
import { startPostgres, type PostgresCluster } from './testing/pg-cluster.ts';

let postgres: PostgresCluster | undefined;
let url = '';
beforeAll(async () => {
  postgres = await startPostgres();
  url = await postgres.createDatabase('rate_limits');
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

/** One submission to an instance from an address; the status. */
async function submitFrom(instance: TestApp, remoteAddress: string): Promise<number> {
  const response = await instance.app.inject({
    method: 'POST',
    url: '/api/forms/contact',
    remoteAddress,
    payload: { values: contactValues(), altcha: await proofOfWork(instance.app) },
  });
  return response.statusCode;
}

describe('two instances on one PostgreSQL', () => {
  it("count a reader's submissions together, and other readers apart", async () => {
    const limit = { submissions: 3, uploads: 1000, windowMs: 60_000 };
    const one = await createTestApp({ databaseUrl: url, rateLimit: limit });
    const two = await createTestApp({ databaseUrl: url, rateLimit: limit });
    try {
      const reader = '198.51.100.7';
      expect([
        await submitFrom(one, reader),
        await submitFrom(two, reader),
        await submitFrom(one, reader),
      ]).toEqual([201, 201, 201]);
      // The fourth, on either instance, is over the limit of three.
      expect(await submitFrom(two, reader)).toBe(429);
      expect(await submitFrom(one, reader)).toBe(429);
      expect(await submitFrom(two, '198.51.100.8')).toBe(201);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('refuse on one a proof-of-work solution spent on the other', async () => {
    // One secret, as docs/several-instances.md asks: a challenge of one is checked by the other.
    const shared = { databaseUrl: url, secret: 'the secret both instances are given' };
    const one = await createTestApp(shared);
    const two = await createTestApp(shared);
    try {
      const altcha = await proofOfWork(one.app);
      const send = (instance: TestApp) =>
        instance.app.inject({
          method: 'POST',
          url: '/api/forms/contact',
          payload: { values: contactValues(), altcha },
        });
      expect((await send(one)).statusCode).toBe(201);
      const reused = await send(two);
      expect(reused.statusCode).toBe(422);
      expect(reused.json<{ error: string }>().error).toBe('rejected');
      // A fresh solution from the first is good on the second.
      const fresh = await two.app.inject({
        method: 'POST',
        url: '/api/forms/contact',
        payload: { values: contactValues(), altcha: await proofOfWork(one.app) },
      });
      expect(fresh.statusCode).toBe(201);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it("count a reader's upload bytes together, and give back what was not kept", async () => {
    const storages = [await openStorage(url, ROOT), await openStorage(url, ROOT)];
    const budget = { perAddressBytes: 1000, perAddressWindowMs: 3_600_000, pendingBytes: 1e9 };
    const [one, two] = storages.map((storage) => new UploadQuota(storage.db, budget));
    if (!one || !two) throw new Error('two quotas');
    try {
      const first = await one.reserve('198.51.100.7', 600);
      if (!first.granted) throw new Error('the first upload is refused');
      // 600 reserved, 400 kept: the other instance sees 400 used, and room for 600 more.
      await first.settle(400);
      const second = await two.reserve('198.51.100.7', 600);
      expect(second.granted).toBe(true);
      if (second.granted) await second.settle(600);
      const third = await one.reserve('198.51.100.7', 1);
      expect(third).toMatchObject({ granted: false, refusal: 'address' });
      // Until the window of the first upload ends, an hour after it.
      expect((third as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(3_500_000);
      // A cancelled upload gives all its bytes back; another reader has a budget of their own.
      const other = await two.reserve('198.51.100.8', 1000);
      if (!other.granted) throw new Error('another reader is refused');
      await other.cancel();
      expect((await one.reserve('198.51.100.8', 1000)).granted).toBe(true);
    } finally {
      for (const storage of storages) await storage.close();
    }
  });
});

describe('countRequest', () => {
  it('counts up within a window and starts again after it, on SQLite too', async () => {
    for (const databaseUrl of [url, 'sqlite::memory:']) {
      const storage = await openStorage(databaseUrl, ROOT);
      try {
        const start = new Date('2026-11-24T10:00:00.000Z');
        const at = (ms: number) => new Date(start.getTime() + ms);
        expect(await countRequest(storage.db, 'k', 60_000, start)).toEqual({
          current: 1,
          ttl: 60_000,
        });
        expect(await countRequest(storage.db, 'k', 60_000, at(59_000))).toEqual({
          current: 2,
          ttl: 1_000,
        });
        expect(await countRequest(storage.db, 'k', 60_000, at(60_000))).toEqual({
          current: 1,
          ttl: 60_000,
        });
      } finally {
        await storage.close();
      }
    }
  });
});
