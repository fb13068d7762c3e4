// Durability: submissions under load, the server killed with SIGKILL mid-flight, restarted;
// every submission that was answered 201 must be in the database, on SQLite and on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster } from '../testing/pg-cluster.ts';
import { crashTest } from '../testing/crash.ts';

let dir = '';
let postgres: PostgresCluster | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guichet-crash-'));
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe.each([
  ['SQLite', () => `sqlite:${join(dir, 'site.db')}`],
  ['PostgreSQL', () => postgres?.url ?? ''],
])('on %s', (_name, url) => {
  it('keeps every acknowledged submission when the server is killed under load', async () => {
    const result = await crashTest(url(), dir);
    expect(result.acknowledged).toBeGreaterThanOrEqual(200);
    expect(result.missing).toEqual([]);
  }, 120_000);
});
