// A newer release, as far as the schema is concerned: this release's migrations plus one more, an
// expand migration of the kind ADR 0020 allows (a new nullable column, a new table). The tests of
// upgrades and rollbacks run this code with and without it: the "old" and "new" releases.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { migrations } from '../storage/migrations.ts';

/** The newer release's own migration. */
export const NEWER_MIGRATION = '0099-newer-release-expand';

/** The newer release's migrations: this release's and its own. */
export const NEWER_RELEASE_MIGRATIONS: Readonly<Record<string, Migration>> = {
  ...migrations,
  [NEWER_MIGRATION]: {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('submissions').addColumn('channel', 'text').execute();
      await db.schema
        .createTable('newer_release_notes')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('text', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('newer_release_notes').execute();
      await db.schema.alterTable('submissions').dropColumn('channel').execute();
    },
  },
};
