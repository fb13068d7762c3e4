// The desk's actions on a case and its overview (issue 42), listed in migrations.ts as
// 0016-desk-cases: a submission marked as a duplicate of another (and the status it had, given
// back on undo), and when the desk first answered it, so that the overview counts answers in
// time with SQL aggregates, without reading the audit log or decrypting anything.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const deskCases: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['duplicate_of', 'duplicate_status', 'answered_at']) {
      await db.schema.alterTable('submissions').addColumn(column, 'text').execute();
    }
    // Partial: the few duplicates only. A whole index was chosen for "duplicate_of is null"
    // (nearly every row), and the overview's aggregates took 1.8 s at 100,000 rows on SQLite.
    await db.schema
      .createIndex('submissions_duplicate_of')
      .on('submissions')
      .column('duplicate_of')
      .where(sql.ref('duplicate_of'), 'is not', null)
      .execute();
    // Covers the overview's aggregates (server/staff/overview.ts): they read the index, not the
    // rows with their sealed data.
    await db.schema
      .createIndex('submissions_overview')
      .on('submissions')
      .columns(['form_id', 'lang', 'status', 'answered_at', 'duplicate_of', 'created_at'])
      .execute();
    // The cases answered before this release: their first answer, call or "answered" status.
    await sql`
      update submissions set answered_at = (
        select min(audit_log.at) from audit_log
        where audit_log.submission_id = submissions.id
          and (audit_log.action in ('answered', 'call-logged')
            or (audit_log.action = 'status' and audit_log.detail like '% → answered'))
      )`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('submissions_overview').ifExists().execute();
    await db.schema.dropIndex('submissions_duplicate_of').ifExists().execute();
    for (const column of ['answered_at', 'duplicate_status', 'duplicate_of']) {
      await db.schema.alterTable('submissions').dropColumn(column).execute();
    }
  },
};
