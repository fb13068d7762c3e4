// The per-address limit across instances (issue #20): two API instances on one PostgreSQL count
// one reader's submissions together; the counter's window restarts when it has passed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRequest } from './rate-limit-store.ts';
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
