// What the tests on both databases start with: a temporary folder (for the SQLite file, uploads,
// logs) and a throwaway PostgreSQL cluster, made before the file's tests and removed after them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type PostgresCluster } from './pg-cluster.ts';

/** The folder and the cluster of one test file; read them in its tests, not before. */
export interface FolderAndPostgres {
  readonly dir: string;
  readonly postgres: PostgresCluster;
}

/** Registers the file's beforeAll and afterAll; `prefix` names the folder (`guichet-inbox-`). */
export function folderAndPostgres(prefix: string): FolderAndPostgres {
  let dir: string | undefined;
  let postgres: PostgresCluster | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the folder and cluster are made in beforeAll');
    return value;
  };
  return {
    get dir() {
      return ready(dir);
    },
    get postgres() {
      return ready(postgres);
    },
  };
}
