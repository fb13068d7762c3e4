// Stored values (a language, a status, a role, a line of a submission's history) named in the
// member's language. The message keys are typed: a value the texts do not know shows as stored,
// so a new language of the public site or a new audit action never breaks a page.
import { isStatus } from '../inbox.ts';
import { isRole } from '../invitations.ts';
import { isStaffLanguage, type MessageKey, type StaffTranslate } from '../messages.ts';

/** A language's name ("Nederlands"), or its code when the back office has no texts for it. */
export const languageName = (t: StaffTranslate, lang: string): string =>
  isStaffLanguage(lang) ? t(`lang_${lang}`) : lang;

/** A submission status's name, or the stored value itself. */
export const statusName = (t: StaffTranslate, status: string): string =>
  isStatus(status) ? t(`status_${status}`) : status;

/** A role's name, or the stored value itself. */
export const roleName = (t: StaffTranslate, role: string): string =>
  isRole(role) ? t(`role_${role}`) : role;

/** The audit actions a submission's history tells in a sentence of its own. */
const HISTORY_SENTENCES = new Map<string, MessageKey>([
  ['viewed', 'history_viewed'],
  ['downloaded', 'history_downloaded'],
  ['taken', 'history_taken'],
  ['note', 'history_note'],
  ['answered', 'history_answered'],
  ['call-logged', 'history_call_logged'],
  ['notice', 'history_notice'],
  ['visitor-wrote', 'history_visitor_wrote'],
  ['erased-by-visitor', 'history_erased_by_visitor'],
  ['code-locked', 'history_code_locked'],
]);

/** One line of a submission's history: who did what ("name: action" for other actions). */
export function historySentence(
  t: StaffTranslate,
  line: {
    member_name: string | null;
    action: string;
    detail: string;
    file_name?: string;
    assignee_name?: string;
  },
): string {
  const name = line.member_name ?? t('someone');
  const assignee = line.assignee_name ?? t('someone');
  if (line.action === 'assigned') return t('history_assigned', { name, assignee });
  if (line.action === 'taken' && line.detail) {
    return t('history_taken_over', { name, assignee });
  }
  if (line.action === 'duplicate' || line.action === 'not-duplicate') {
    const key = line.action === 'duplicate' ? 'history_duplicate' : 'history_not_duplicate';
    return t(key, { name, reference: line.detail });
  }
  if (line.action === 'downloaded' && line.file_name) {
    return t('history_downloaded_file', { name, file: line.file_name });
  }
  if (line.action === 'status') {
    const [from = '', to = ''] = line.detail.split(' → ');
    return t('history_status', { name, from: statusName(t, from), to: statusName(t, to) });
  }
  const key = HISTORY_SENTENCES.get(line.action);
  return key ? t(key, { name }) : `${name}: ${line.action}`;
}
