// The history a submission's page shows: its audit lines without the noise, and the names of the
// files downloaded. The audit log itself keeps every line (the audit page and its CSV show them
// all); only this reading of it is shortened.
import type { Kysely } from 'kysely';
import { cleanLabel } from '../../src/forms/clean-text.ts';
import type { Database } from '../storage/database.ts';
import { readSealed, type MasterKey } from '../storage/encryption.ts';
import { historyOf, type AuditLine } from '../storage/audit.ts';

/**
 * A line of the page's history; a download names its file while the file exists, a case given
 * to or taken over from a member names them (the line keeps their id).
 */
export type HistoryLine = AuditLine & { file_name?: string; assignee_name?: string };

/** The audit actions whose detail is a member's id (desk-cases.ts, inbox.ts takeSubmission). */
const NAMES_A_MEMBER = new Set(['assigned', 'taken']);

/** How close to a member's previous line an "opened it" is the page coming back, not a visit. */
export const QUIET_MS = 60_000;

/**
 * The lines worth reading. Every action redirects to the submission's page, and that answer is
 * audited as "viewed": a "viewed" within a minute after the same member's previous line here
 * is that redirect (or a reload), and says nothing new. Filtered when reading, not when
 * writing, so that the audit log stays whole: who saw a case is never lost, only not repeated.
 */
export function meaningfulHistory<Line extends AuditLine>(lines: readonly Line[]): Line[] {
  const lastAt = new Map<string, number>();
  return lines.filter((line) => {
    const at = Date.parse(line.at);
    const previous = line.member_id ? lastAt.get(line.member_id) : undefined;
    if (line.member_id) lastAt.set(line.member_id, at);
    return !(line.action === 'viewed' && previous !== undefined && at - previous < QUIET_MS);
  });
}

/**
 * A submission's history for its page, oldest first: meaningful lines only, each download with
 * its file's name (the audit line keeps the file's token: a name is what the visitor wrote).
 */
export async function submissionHistory(
  db: Kysely<Database>,
  submissionId: string,
  masterKey: MasterKey,
): Promise<HistoryLine[]> {
  const [lines, files, members] = await Promise.all([
    historyOf(db, submissionId),
    db
      .selectFrom('uploads')
      .select(['token', 'file_name', 'wrapped_key'])
      .where('submission_id', '=', submissionId)
      .execute(),
    db.selectFrom('staff_members').select(['id', 'display_name']).execute(),
  ]);
  const names = new Map(files.map((file) => [file.token, file]));
  const memberNames = new Map(members.map((member) => [member.id, member.display_name]));
  return meaningfulHistory(lines).map((line) => {
    const assignee = NAMES_A_MEMBER.has(line.action) ? memberNames.get(line.detail) : undefined;
    if (assignee) return { ...line, assignee_name: assignee };
    const file = line.action === 'downloaded' ? names.get(line.detail) : undefined;
    if (!file) return line;
    const name = cleanLabel(readSealed(masterKey, file.wrapped_key, file.file_name));
    return name ? { ...line, file_name: name } : line;
  });
}
