// The schema's migrations in the order they run (ADR 0020): the first ones written here, the
// later ones in a module each (back-office, follow-up, inbox, desk cases). database.ts runs them
// on open; migrate.ts is the runner.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sealedNotes, staffAccounts } from './back-office-migrations.ts';
import { deskCases } from './desk-cases-migrations.ts';
import { followUp } from './follow-up-migrations.ts';
import { inbox } from './inbox-migrations.ts';

/** The schema's migrations, expand/contract (ADR 0020); run in name order. */
export const migrations: Record<string, Migration> = {
  '0001-submissions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('submissions')
        .ifNotExists()
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('form_id', 'text', (column) => column.notNull())
        .addColumn('lang', 'text', (column) => column.notNull())
        .addColumn('data', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('submissions_form_created')
        .ifNotExists()
        .on('submissions')
        .columns(['form_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('uploads')
        .ifNotExists()
        .addColumn('token', 'text', (column) => column.primaryKey())
        .addColumn('form_id', 'text', (column) => column.notNull())
        .addColumn('field', 'text', (column) => column.notNull())
        .addColumn('file_name', 'text', (column) => column.notNull())
        .addColumn('media_type', 'text', (column) => column.notNull())
        .addColumn('size', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('submission_id', 'text', (column) =>
          column.references('submissions.id').onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('uploads_submission')
        .ifNotExists()
        .on('uploads')
        .column('submission_id')
        .execute();
      await db.schema
        .createTable('outbox')
        .ifNotExists()
        .addColumn('submission_id', 'text', (column) =>
          column.primaryKey().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('form_id', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (column) => column.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('last_error', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('outbox').ifExists().execute();
      await db.schema.dropTable('uploads').ifExists().execute();
      await db.schema.dropTable('submissions').ifExists().execute();
    },
  },
  // A solution works once, also after a restart and on another server sharing the database.
  '0002-used-proofs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('used_proofs')
        .ifNotExists()
        .addColumn('signature', 'text', (column) => column.primaryKey())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('used_proofs_expires')
        .ifNotExists()
        .on('used_proofs')
        .column('expires_at')
        .execute();
      // The sweep of unclaimed uploads reads them by age.
      await db.schema
        .createIndex('uploads_created')
        .ifNotExists()
        .on('uploads')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('uploads_created').ifExists().execute();
      await db.schema.dropTable('used_proofs').ifExists().execute();
    },
  },
  // Rate-limit counters shared by the instances on one PostgreSQL (server/rate-limit-store.ts).
  '0003-rate-limits': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .ifNotExists()
        .addColumn('key', 'text', (column) => column.primaryKey())
        .addColumn('count', 'integer', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limits').ifExists().execute();
    },
  },
  // The desk's back office (server/staff/): staff, passkeys, sessions, the audit log, and what
  // the desk tracks on each submission.
  '0004-staff': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('submissions').addColumn('topic', 'text').execute();
      await db.schema
        .alterTable('submissions')
        .addColumn('status', 'text', (column) => column.notNull().defaultTo('new'))
        .execute();
      await db.schema.alterTable('submissions').addColumn('assignee_id', 'text').execute();
      for (const [name, columns] of [
        ['submissions_created', ['created_at']],
        ['submissions_status_created', ['status', 'created_at']],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('submissions')
          .columns([...columns])
          .execute();
      }
      await db.schema
        .createTable('staff_members')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull().unique())
        .addColumn('display_name', 'text', (column) => column.notNull())
        .addColumn('role', 'text', (column) => column.notNull())
        .addColumn('lang', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createTable('staff_invitations')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('role', 'text', (column) => column.notNull())
        .addColumn('lang', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('staff_passkeys')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('member_id', 'text', (column) =>
          column.notNull().references('staff_members.id').onDelete('cascade'),
        )
        .addColumn('public_key', 'text', (column) => column.notNull())
        .addColumn('counter', 'bigint', (column) => column.notNull())
        .addColumn('transports', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema
        .createTable('staff_sessions')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('member_id', 'text', (column) =>
          column.notNull().references('staff_members.id').onDelete('cascade'),
        )
        .addColumn('csrf_token', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('last_seen_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('staff_sessions_member')
        .on('staff_sessions')
        .column('member_id')
        .execute();
      await db.schema
        .createTable('staff_challenges')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('challenge', 'text', (column) => column.notNull())
        .addColumn('purpose', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('at', 'text', (column) => column.notNull())
        .addColumn('member_id', 'text')
        .addColumn('action', 'text', (column) => column.notNull())
        .addColumn('submission_id', 'text')
        .addColumn('detail', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_submission')
        .on('audit_log')
        .columns(['submission_id', 'at'])
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema
        .createTable('submission_notes')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('submission_id', 'text', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('member_id', 'text', (column) => column.notNull())
        .addColumn('at', 'text', (column) => column.notNull())
        .addColumn('text', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('submission_notes_submission')
        .on('submission_notes')
        .column('submission_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'submission_notes',
        'audit_log',
        'staff_challenges',
        'staff_sessions',
        'staff_passkeys',
        'staff_invitations',
        'staff_members',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema.dropIndex('submissions_status_created').ifExists().execute();
      await db.schema.dropIndex('submissions_created').ifExists().execute();
      for (const column of ['assignee_id', 'status', 'topic']) {
        await db.schema.alterTable('submissions').dropColumn(column).execute();
      }
    },
  },
  // Encryption at rest: each submission's and each upload's wrapped data key.
  '0005-encryption': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('submissions').addColumn('wrapped_key', 'text').execute();
      await db.schema.alterTable('uploads').addColumn('wrapped_key', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('uploads').dropColumn('wrapped_key').execute();
      await db.schema.alterTable('submissions').dropColumn('wrapped_key').execute();
    },
  },
  // Kept uploads in the database (used on PostgreSQL; ADR 0016): every instance reads a file
  // that any instance received. Deleting an upload's row deletes its bytes.
  '0006-upload-contents': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('upload_contents')
        .addColumn('token', 'text', (column) =>
          column.primaryKey().references('uploads.token').onDelete('cascade'),
        )
        .addColumn('content', 'bytea', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('upload_contents').ifExists().execute();
    },
  },
  '0007-sealed-notes': sealedNotes,
  '0008-staff-accounts': staffAccounts,
  // When the hourly sweep, the retention purge and the last backup last succeeded, shared by
  // every instance: the metrics report them and an alert says when one is late (issue #47).
  '0013-job-runs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('job_runs')
        .ifNotExists()
        .addColumn('job', 'text', (column) => column.primaryKey())
        .addColumn('last_success_at', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job_runs').ifExists().execute();
    },
  },
  '0014-follow-up': followUp,
  '0015-inbox': inbox,
  '0016-desk-cases': deskCases,
};
