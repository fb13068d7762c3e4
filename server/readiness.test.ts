// Liveness and readiness on both databases, and migrations when several instances start at the
// same moment (issue #20): each migration runs once, every instance opens.
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, ROOT } from './testing/forms-app.ts';
import {
  MIGRATION_NAMES,
  openStorage,
  pendingMigrations,
  undoLastMigration,
} from './storage/database.ts';
import { readinessOf } from './readiness.ts';
import { folderAndPostgres } from './testing/folder-and-postgres.ts';

const scratch = folderAndPostgres('guichet-ready-');

/** A new, empty PostgreSQL database in the test cluster. */
async function freshPostgres(name: string): Promise<string> {
  return scratch.postgres.createDatabase(name);
}

describe('GET /api/health and /api/ready', () => {
  it('answer 200, uncached, when the database is up to date', async () => {
    const { app, close } = await createTestApp();
    try {
      for (const [path, status] of [
        ['/api/health', 'ok'],
        ['/api/ready', 'ready'],
      ] as const) {
        const response = await app.inject({ method: 'GET', url: path });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status });
        expect(response.headers['cache-control']).toBe('no-store');
      }
    } finally {
      await close();
    }
  });

  it('answers 503 naming the reason while the database cannot be reached', async () => {
    const { app, close } = await createTestApp();
    try {
      await app.formsApi.storage.db.destroy();
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not ready', reason: 'database unreachable' });
      // The process itself still answers: a supervisor must not restart it for this.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await close().catch(() => undefined);
    }
  });
});

describe.each([
  ['SQLite', () => Promise.resolve(`sqlite:${join(scratch.dir, 'ready.db')}`)],
  ['PostgreSQL', () => freshPostgres('ready_check')],
])('readiness on %s', (_name, databaseUrl) => {
  it('is refused while a migration this code expects has not run', async () => {
    const storage = await openStorage(await databaseUrl(), ROOT);
    try {
      expect(await readinessOf(storage)).toEqual({ ready: true });
      await undoLastMigration(storage.db);
      const [pending] = await pendingMigrations(storage.db);
      expect(pending).toMatch(/^\d{4}-/);
      expect(await readinessOf(storage)).toEqual({
        ready: false,
        reason: `migrations pending: ${pending ?? ''}`,
      });
    } finally {
      await storage.close();
    }
  });
});

describe('instances starting at the same moment on one PostgreSQL', () => {
  it('all open, and each migration runs exactly once', async () => {
    const url = await freshPostgres('simultaneous_start');
    const instances = await Promise.all(Array.from({ length: 4 }, () => openStorage(url, ROOT)));
    try {
      const first = instances[0];
      if (!first) throw new Error('no instance');
      expect(await pendingMigrations(first.db)).toEqual([]);
      const runs = await sql<{ name: string; runs: string }>`
        select name, count(*) as runs from kysely_migration group by name`.execute(first.db);
      expect(runs.rows.map((row) => row.name).sort()).toEqual([...MIGRATION_NAMES].sort());
      expect(runs.rows.map((row) => Number(row.runs))).toEqual(MIGRATION_NAMES.map(() => 1));
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  }, 60_000);
});
