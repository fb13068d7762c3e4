// Upgrades that can be rolled back (ADR 0020): this release starts and serves on a database that
// a newer release migrated further, /api/ready names what it does not know, and it refuses only
// a database it cannot bring to its own schema, with a message that says what to deploy.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contactValues, createTestApp, proofOfWork, ROOT } from '../testing/forms-app.ts';
import { NEWER_MIGRATION, NEWER_RELEASE_MIGRATIONS } from '../testing/newer-release.ts';
import { MIGRATION_NAMES, openStorage, schemaState, undoLastMigration } from './database.ts';
import { planMigrations, SchemaRefusedError } from './migrate.ts';
import { folderAndPostgres } from '../testing/folder-and-postgres.ts';

const scratch = folderAndPostgres('guichet-migrate-');

describe('planMigrations', () => {
  const known = ['0001-a', '0002-b', '0003-c'];

  it('runs what an older database lacks, and lists what a newer one holds beyond it', () => {
    expect(planMigrations(known, ['0001-a'])).toEqual({ pending: ['0002-b', '0003-c'], newer: [] });
    expect(planMigrations(known, [...known, '0004-d', '0005-e'])).toEqual({
      pending: [],
      newer: ['0004-d', '0005-e'],
    });
    // A contract migration that needs a migration this release has.
    expect(planMigrations(known, [...known, '0004-contract-0002-drop-x']).newer).toEqual([
      '0004-contract-0002-drop-x',
    ]);
  });

  it('refuses a database that lacks one of its migrations but holds a newer one', () => {
    expect(() => planMigrations(known, ['0001-a', '0002-b', '0004-d'])).toThrow(
      new SchemaRefusedError(
        'This release cannot migrate this database: it lacks 0003-c of this release but already holds 0004-d, which this release does not know. Deploy the newest release.',
      ),
    );
  });

  it('refuses a database from which a newer release removed what it still uses', () => {
    expect(() => planMigrations(known, [...known, '0005-contract-0004-drop-x'])).toThrow(
      new SchemaRefusedError(
        'This release cannot run on this database: migration 0005-contract-0004-drop-x, of a newer release, removed what releases without migration 0004 still use. Deploy a release that has migration 0004 or a newer one.',
      ),
    );
  });
});

describe.each([
  [
    'SQLite',
    () => Promise.resolve(`sqlite:${join(scratch.dir, `newer-${String(Date.now())}.db`)}`),
  ],
  ['PostgreSQL', () => scratch.postgres.createDatabase(`newer_${String(Date.now())}`)],
])('on %s', (_name, databaseUrl) => {
  it('this release starts and serves on the schema of a newer release; /api/ready names it', async () => {
    const url = await databaseUrl();
    // The newer release migrated the database, then was rolled back.
    const newer = await openStorage(url, ROOT, { migrations: NEWER_RELEASE_MIGRATIONS });
    expect(newer.newerMigrations).toEqual([]);
    await newer.close();

    const { app, close } = await createTestApp({ databaseUrl: url });
    try {
      expect(app.formsApi.storage.newerMigrations).toEqual([NEWER_MIGRATION]);
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect([ready.statusCode, ready.json()]).toEqual([
        200,
        { status: 'ready', newerMigrations: [NEWER_MIGRATION] },
      ]);
      const submitted = await app.inject({
        method: 'POST',
        url: '/api/forms/contact',
        payload: { lang: 'en', values: contactValues(), altcha: await proofOfWork(app) },
      });
      expect(submitted.statusCode).toBe(201);
      // The newer release's column is there, and this release's rows leave it empty.
      const row = await app.formsApi.storage.db
        .selectFrom('submissions')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ channel: null });
    } finally {
      await close();
    }
    // And the newer release, upgraded to again, finds its schema as it left it.
    const again = await openStorage(url, ROOT, { migrations: NEWER_RELEASE_MIGRATIONS });
    expect(await schemaState(again.db)).toEqual({ pending: [], newer: [NEWER_MIGRATION] });
    await again.close();
  });

  it('refuses, naming both, a database that lacks one of its migrations but holds a newer one', async () => {
    const url = await databaseUrl();
    const newer = await openStorage(url, ROOT, { migrations: NEWER_RELEASE_MIGRATIONS });
    // Undo this release's last migration under the newer one: an impossible history.
    const last = MIGRATION_NAMES.at(-1) ?? '';
    await newer.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', last as never)
      .execute();
    await newer.close();
    await expect(openStorage(url, ROOT)).rejects.toThrow(
      new SchemaRefusedError(
        `This release cannot migrate this database: it lacks ${last} of this release but already holds ${NEWER_MIGRATION}, which this release does not know. Deploy the newest release.`,
      ),
    );
  });

  it('brings an older schema up to its own', async () => {
    const url = await databaseUrl();
    const storage = await openStorage(url, ROOT);
    await undoLastMigration(storage.db);
    expect((await schemaState(storage.db)).pending).toEqual([MIGRATION_NAMES.at(-1)]);
    await storage.close();
    const reopened = await openStorage(url, ROOT);
    expect(await schemaState(reopened.db)).toEqual({ pending: [], newer: [] });
    await reopened.close();
  });
});
