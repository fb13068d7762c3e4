// The audit log: who viewed, downloaded, changed, exported or deleted which submission, read the
// staff list or this log, and when. Each line names the member by their id and address, which
// never change (their display name may); rows are only ever added (no code updates or deletes
// them); a detail never holds what a visitor wrote.
import type { Kysely } from 'kysely';
import type { AuditTable, Database } from './database.ts';
import { newId } from './tokens.ts';

export type AuditAction =
  | 'viewed'
  | 'downloaded'
  | 'taken'
  | 'status'
  | 'note'
  | 'exported'
  | 'deleted'
  | 'purged'
  | 'signed-in'
  | 'signed-out'
  | 'enrolled'
  | 'readmitted'
  | 'invited'
  | 'invitation-cancelled'
  | 'role'
  | 'revoked'
  | 'sign-in-refused'
  // The follow-up (issue 41): the desk's answers and calls, its notice to the visitor, the
  // visitor's replies and erasure, and a conversation locked by wrong codes.
  | 'answered'
  | 'call-logged'
  | 'notice'
  | 'visitor-wrote'
  | 'erased-by-visitor'
  | 'code-locked'
  | 'template'
  // The desk's actions on a case (issue 42): handed to a member (the detail is their id; also in
  // bulk), marked as a duplicate of another reference and undone (the detail is the original's
  // reference); a member's saved views of the inbox.
  | 'assigned'
  | 'duplicate'
  | 'not-duplicate'
  | 'view-saved'
  | 'view-deleted';

export interface AuditEntry {
  memberId: string | null;
  action: AuditAction;
  submissionId?: string;
  detail?: string;
}

/** Adds a line to the audit log, with the member's address as it is now. */
export async function audit(db: Kysely<Database>, entry: AuditEntry, now = new Date()) {
  const { memberId } = entry;
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      at: now.toISOString(),
      member_id: memberId,
      member_email:
        memberId === null
          ? null
          : (eb) => eb.selectFrom('staff_members').select('email').where('id', '=', memberId),
      action: entry.action,
      submission_id: entry.submissionId ?? null,
      detail: entry.detail ?? '',
    })
    .execute();
}

export type AuditLine = AuditTable & { member_name: string | null };

/** A submission's history, oldest first, with the names of who did it. */
export async function historyOf(db: Kysely<Database>, submissionId: string): Promise<AuditLine[]> {
  return db
    .selectFrom('audit_log')
    .leftJoin('staff_members', 'staff_members.id', 'audit_log.member_id')
    .selectAll('audit_log')
    .select('staff_members.display_name as member_name')
    .where('audit_log.submission_id', '=', submissionId)
    .orderBy('audit_log.at')
    .orderBy('audit_log.id')
    .execute();
}

/** The newest lines of the audit log, with the names of who did it (admins read it). */
export async function readAudit(db: Kysely<Database>, limit: number): Promise<AuditLine[]> {
  return db
    .selectFrom('audit_log')
    .leftJoin('staff_members', 'staff_members.id', 'audit_log.member_id')
    .selectAll('audit_log')
    .select('staff_members.display_name as member_name')
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .execute();
}
