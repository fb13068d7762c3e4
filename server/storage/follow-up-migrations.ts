// The follow-up of a submission (issue 41, ADR 0030), listed in migrations.ts after 0013-job-runs:
// the hash of the visitor's follow-up code and its failures, the conversation between the desk
// and the visitor (sealed with the submission's data key), the visitor's sessions (token hashes
// only), the e-mails of the conversation waiting to be sent, and the desk's answer templates.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const followUp: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of [
      // scrypt's parameters, salt and hash of the code (forms/follow-up-code.ts); null: no follow-up.
      'code_hash',
      // Failures of the code on `code_failures_day` (UTC date): 10 a day, then none is tried.
      'code_failures_day',
      // A message from the desk meant for the visitor, sealed; never the internal notes.
      'desk_notice',
      // "Tell me by e-mail when you answer": the address, sealed.
      'notify_email',
      // When the visitor last wrote back: the case reopens and tops the inbox.
      'visitor_wrote_at',
    ]) {
      await db.schema.alterTable('submissions').addColumn(column, 'text').execute();
    }
    await db.schema
      .alterTable('submissions')
      .addColumn('code_failures', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('conversation_messages')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('submission_id', 'text', (column) =>
        column.notNull().references('submissions.id').onDelete('cascade'),
      )
      // "visitor" or "desk".
      .addColumn('author', 'text', (column) => column.notNull())
      // "page" (the follow-up page), "email" (also sent by e-mail), "phone" (a call logged).
      .addColumn('channel', 'text', (column) => column.notNull())
      .addColumn('member_id', 'text')
      .addColumn('at', 'text', (column) => column.notNull())
      // Sealed with the submission's data key.
      .addColumn('text', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('conversation_messages_submission')
      .on('conversation_messages')
      .columns(['submission_id', 'at'])
      .execute();
    // A reply's files are uploads of the "reply" form, claimed by the submission and its message.
    await db.schema.alterTable('uploads').addColumn('message_id', 'text').execute();
    await db.schema
      .createTable('follow_up_sessions')
      .addColumn('token_hash', 'text', (column) => column.primaryKey())
      .addColumn('submission_id', 'text', (column) =>
        column.notNull().references('submissions.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('follow_up_sessions_submission')
      .on('follow_up_sessions')
      .column('submission_id')
      .execute();
    await db.schema
      .createTable('conversation_mail')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('submission_id', 'text', (column) =>
        column.notNull().references('submissions.id').onDelete('cascade'),
      )
      // "answer" (the answer itself, to the visitor), "answer-waiting" (no content, to the
      // visitor), "wrote-back" (no content, to the member handling the case).
      .addColumn('kind', 'text', (column) => column.notNull())
      // The address (sealed for a visitor's; a member's is read from staff_members at sending).
      .addColumn('recipient', 'text', (column) => column.notNull())
      // The answer's message id for "answer"; empty otherwise.
      .addColumn('message_id', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (column) => column.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema
      .createIndex('conversation_mail_due')
      .on('conversation_mail')
      .columns(['sent_at', 'next_attempt_at'])
      .execute();
    await db.schema
      .createTable('answer_templates')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('lang', 'text', (column) => column.notNull())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'answer_templates',
      'conversation_mail',
      'follow_up_sessions',
      'conversation_messages',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.alterTable('uploads').dropColumn('message_id').execute();
    for (const column of [
      'code_failures',
      'visitor_wrote_at',
      'notify_email',
      'desk_notice',
      'code_failures_day',
      'code_hash',
    ]) {
      await db.schema.alterTable('submissions').dropColumn(column).execute();
    }
  },
};
