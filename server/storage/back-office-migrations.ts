// The back office's second set of migrations (issue #39), listed in migrations.ts after
// 0006-upload-contents: notes sealed like the values, and staff accounts that name people
// unambiguously (a unique display name, the provider's subject, the address on each audit line)
// and invitations that can be cancelled.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { cleanLabel } from '../../src/forms/clean-text.ts';

/** What makes two display names the same one: case, width and spacing aside. */
export const displayNameKey = (name: string): string =>
  cleanLabel(name.normalize('NFKC')).toLowerCase();

/** A note's text is sealed with its submission's data key (encryption.ts) when `sealed` is 1. */
export const sealedNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('submission_notes')
      .addColumn('sealed', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('submission_notes').dropColumn('sealed').execute();
  },
};

interface MemberRow {
  id: string;
  email: string;
  display_name: string;
}

export const staffAccounts: Migration = {
  async up(db: Kysely<unknown>) {
    const column = (table: string, name: string) =>
      db.schema.alterTable(table).addColumn(name, 'text').execute();
    await column('staff_members', 'name_key');
    await column('staff_members', 'oidc_issuer');
    await column('staff_members', 'oidc_subject');
    await column('staff_invitations', 'cancelled_at');
    await column('audit_log', 'member_email');
    // Names made unique: a second "Anna" becomes "Anna (anna@…)".
    const members = await sql<MemberRow>`
      select id, email, display_name from staff_members order by created_at, id`.execute(db);
    const taken = new Set<string>();
    for (const member of members.rows) {
      let name = cleanLabel(member.display_name) || member.email;
      if (taken.has(displayNameKey(name))) name = `${name} (${member.email})`;
      taken.add(displayNameKey(name));
      await sql`update staff_members set display_name = ${name}, name_key = ${displayNameKey(name)}
        where id = ${member.id}`.execute(db);
    }
    await db.schema
      .createIndex('staff_members_name_key')
      .unique()
      .on('staff_members')
      .column('name_key')
      .execute();
    await db.schema
      .createIndex('staff_members_oidc')
      .unique()
      .on('staff_members')
      .columns(['oidc_issuer', 'oidc_subject'])
      .execute();
    // Past lines get the address of whoever did them, as new lines carry it.
    await sql`update audit_log set member_email =
      (select email from staff_members where staff_members.id = audit_log.member_id)
      where member_id is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('staff_members_oidc').execute();
    await db.schema.dropIndex('staff_members_name_key').execute();
    for (const [table, name] of [
      ['audit_log', 'member_email'],
      ['staff_invitations', 'cancelled_at'],
      ['staff_members', 'oidc_subject'],
      ['staff_members', 'oidc_issuer'],
      ['staff_members', 'name_key'],
    ] as const) {
      await db.schema.alterTable(table).dropColumn(name).execute();
    }
  },
};
