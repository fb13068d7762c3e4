// The desk's inbox (issue 42, ADR 0031), listed in migrations.ts after 0014-follow-up: the
// visitor's reply channel in plain (the choice itself is sealed with the values), the keyed
// search tokens of what visitors wrote, and the views members save.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const inbox: Migration = {
  async up(db: Kysely<unknown>) {
    // "email", "phone" or "none" (server/forms/reply-channel.ts); null: stored before 0015
    // and not yet filled in by `npm run staff -- backfill-inbox`.
    await db.schema.alterTable('submissions').addColumn('reply_channel', 'text').execute();
    // The id of the master key whose derived search key made the row's tokens; null: none yet.
    await db.schema.alterTable('submissions').addColumn('search_key', 'text').execute();
    await db.schema
      .createTable('submission_tokens')
      // A 48-bit keyed hash (HMAC) of a word's normalised prefix (search-index.ts).
      .addColumn('token', 'bigint', (column) => column.notNull())
      .addColumn('submission_id', 'text', (column) =>
        column.notNull().references('submissions.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('submission_tokens_pk', ['token', 'submission_id'])
      .execute();
    await db.schema
      .createIndex('submission_tokens_submission')
      .on('submission_tokens')
      .column('submission_id')
      .execute();
    await db.schema
      .createTable('saved_views')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('member_id', 'text', (column) =>
        column.notNull().references('staff_members.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      // The inbox's query string, as inboxHref writes it (no cursor, no page, no search words).
      .addColumn('query', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('saved_views_member')
      .on('saved_views')
      .columns(['member_id', 'name'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('saved_views').ifExists().execute();
    await db.schema.dropTable('submission_tokens').ifExists().execute();
    await db.schema.alterTable('submissions').dropColumn('search_key').execute();
    await db.schema.alterTable('submissions').dropColumn('reply_channel').execute();
  },
};
