// Durability: submissions under load, the server killed with SIGKILL mid-flight, restarted;
// every submission that was answered 201 must be in the database, on SQLite and on PostgreSQL.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crashTest } from '../testing/crash.ts';
import { folderAndPostgres } from '../testing/folder-and-postgres.ts';

const scratch = folderAndPostgres('guichet-crash-');

describe.each([
  ['SQLite', () => `sqlite:${join(scratch.dir, 'site.db')}`],
  ['PostgreSQL', () => scratch.postgres.url],
])('on %s', (_name, url) => {
  it('keeps every acknowledged submission when the server is killed under load', async () => {
    const result = await crashTest(url(), scratch.dir);
    expect(result.acknowledged).toBeGreaterThanOrEqual(200);
    expect(result.missing).toEqual([]);
  }, 120_000);
});
