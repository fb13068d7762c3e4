// Group commit on its own: writes queued together share one transaction, each caller gets its
// own result, and a failure stores nothing of the batch and answers all of it with the error.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../testing/forms-app.ts';
import { countRows, openStorage, type Database, type Storage } from './database.ts';
import { GroupCommit } from './group-commit.ts';

let dir = '';
let storage: Storage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guichet-group-commit-'));
  storage = await openStorage(`sqlite:${join(dir, 'site.db')}`, ROOT);
});
afterAll(async () => {
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

const row = (id: string) => ({
  id,
  form_id: 'contact',
  lang: 'en',
  data: '{}',
  created_at: new Date().toISOString(),
});

describe('GroupCommit', () => {
  it('writes the submissions queued together in one transaction and answers each', async () => {
    const transactions = new Set<Transaction<Database>>();
    const commit = new GroupCommit(storage.db, async (trx, ids: string[]) => {
      transactions.add(trx);
      await trx.insertInto('submissions').values(ids.map(row)).execute();
      return ids.map((id) => `stored ${id}`);
    });
    const results = await Promise.all(['A', 'B', 'C'].map((id) => commit.run(id)));
    expect(results).toEqual(['stored A', 'stored B', 'stored C']);
    expect(transactions.size).toBe(1);
    expect(await countRows(storage.db, 'submissions')).toBe(3);
  });

  it('stores nothing of a batch in which a write fails, and answers all of it with the error', async () => {
    const commit = new GroupCommit(storage.db, async (trx, ids: string[]) => {
      await trx.insertInto('submissions').values(ids.map(row)).execute();
      if (ids.includes('E')) throw new Error('disk full');
      return ids;
    });
    const results = await Promise.allSettled(['D', 'E', 'F'].map((id) => commit.run(id)));
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await countRows(storage.db, 'submissions')).toBe(3);
    // The queue goes on after a failed batch.
    expect(await commit.run('G')).toBe('G');
    expect(await countRows(storage.db, 'submissions')).toBe(4);
  });
});
