// Migration 0008-staff-accounts on a database that already has staff (issue #39 item 7): two
// members whose names differ only by case keep apart (the second gets their address after the
// name), and the past audit lines get the address of who did them. On SQLite and PostgreSQL.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../testing/forms-app.ts';
import { openStorage, undoLastMigration } from './database.ts';
import { migrations } from './migrations.ts';
import { migrate } from './migrate.ts';
import { folderAndPostgres } from '../testing/folder-and-postgres.ts';

const scratch = folderAndPostgres('guichet-migration-');

describe.each([
  ['SQLite', () => Promise.resolve(`sqlite:${join(scratch.dir, 'site.db')}`)],
  ['PostgreSQL', () => scratch.postgres.createDatabase('accounts')],
])('0008-staff-accounts on %s', (_name, url) => {
  it('keeps display names apart and gives past audit lines their member’s address', async () => {
    const storage = await openStorage(await url(), ROOT);
    try {
      const { db } = storage;
      // As the database was before the migration (the later ones undone first), with its staff.
      for (const name of Object.keys(migrations).reverse()) {
        await undoLastMigration(db);
        if (name === '0008-staff-accounts') break;
      }
      const created = (second: number) =>
        new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
      for (const [index, [id, name]] of [
        ['m-1', 'Anna Peeters'],
        ['m-2', 'anna  PEETERS'],
        ['m-3', 'Bob'],
      ].entries()) {
        await db
          .insertInto('staff_members')
          .values({
            id,
            email: `${id}@example.be`,
            display_name: name,
            role: 'agent',
            lang: 'en',
            created_at: created(index),
            revoked_at: null,
          } as never)
          .execute();
      }
      await db
        .insertInto('audit_log')
        .values({
          id: 'line-1',
          at: created(9),
          member_id: 'm-2',
          action: 'viewed',
          submission_id: null,
          detail: '',
        })
        .execute();
      await migrate(db, migrations);
      const members = await db
        .selectFrom('staff_members')
        .select(['id', 'display_name', 'name_key'])
        .orderBy('id')
        .execute();
      expect(members).toEqual([
        { id: 'm-1', display_name: 'Anna Peeters', name_key: 'anna peeters' },
        {
          id: 'm-2',
          display_name: 'anna PEETERS (m-2@example.be)',
          name_key: 'anna peeters (m-2@example.be)',
        },
        { id: 'm-3', display_name: 'Bob', name_key: 'bob' },
      ]);
      const line = await db
        .selectFrom('audit_log')
        .select(['member_id', 'member_email'])
        .executeTakeFirstOrThrow();
      expect(line).toEqual({ member_id: 'm-2', member_email: 'm-2@example.be' });
    } finally {
      await storage.close();
    }
  });
});
