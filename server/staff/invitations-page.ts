// The Staff page's list of pending invitations: to whom, which role, made and valid until when,
// each with a button that cancels it (administrators; the link then opens nothing).
import { createElement as h } from 'react';
import type { PendingInvitation, Role } from './invitations.ts';
import type { StaffLanguage, StaffTranslate } from './messages.ts';
import { csrfField, dataTable, dateTime } from './page-parts.ts';
import type { StaffSession } from './sessions.ts';

/** The section of pending invitations, or a sentence saying there is none. */
export function invitationsSection(
  context: { t: StaffTranslate; lang: StaffLanguage; session: StaffSession | null },
  invitations: readonly PendingInvitation[],
) {
  const { t, lang, session } = context;
  const headers = (
    [
      'memberEmail',
      'memberRole',
      'inviteLanguage',
      'invitationMade',
      'invitationValidUntil',
    ] as const
  ).map((key) => t(key));
  const table = dataTable(
    { 'aria-labelledby': 'invitations' },
    [...headers, null],
    invitations.map((invitation) =>
      h(
        'tr',
        { key: invitation.token_hash },
        h('th', { scope: 'row' }, invitation.email),
        h('td', null, t(`role_${invitation.role as Role}`)),
        h('td', null, t(`lang_${invitation.lang as StaffLanguage}`)),
        h('td', null, dateTime(invitation.created_at, lang)),
        h('td', null, dateTime(invitation.expires_at, lang)),
        h(
          'td',
          null,
          h(
            'form',
            {
              method: 'post',
              action: `/staff/invitations/${invitation.token_hash}/cancel`,
              className: 'inline',
            },
            csrfField(session),
            h('button', { type: 'submit' }, t('invitationCancel', { email: invitation.email })),
          ),
        ),
      ),
    ),
  );
  // Not a landmark of its own: the table's scrolling region already bears the heading's name.
  return h(
    'section',
    null,
    h('h2', { id: 'invitations' }, t('invitationsTitle')),
    invitations.length ? table : h('p', null, t('invitationsEmpty')),
  );
}
