// The Staff page's list of pending invitations: to whom, which role, made and valid until when,
// each with a button that cancels it (administrators; the link then opens nothing).
import { createElement as h } from 'react';
import type { PendingInvitation } from '../invitations.ts';
import type { PageContext } from './document.ts';
import { languageName, roleName } from './labels.ts';
import { dataTable, dateTime, postForm } from './parts.ts';

const COLUMNS = [
  'memberEmail',
  'memberRole',
  'inviteLanguage',
  'invitationMade',
  'invitationValidUntil',
] as const;

/** The section of pending invitations, or a sentence saying there is none. */
export function invitationsSection(
  context: PageContext,
  invitations: readonly PendingInvitation[],
) {
  const { t, lang, session } = context;
  const table = dataTable(
    { 'aria-labelledby': 'invitations' },
    [...COLUMNS.map((key) => t(key)), null],
    invitations.map((invitation) =>
      h(
        'tr',
        { key: invitation.token_hash },
        h('th', { scope: 'row' }, invitation.email),
        h('td', null, roleName(t, invitation.role)),
        h('td', null, languageName(t, invitation.lang)),
        h('td', null, dateTime(invitation.created_at, lang)),
        h('td', null, dateTime(invitation.expires_at, lang)),
        h(
          'td',
          null,
          postForm(
            session,
            `/staff/invitations/${invitation.token_hash}/cancel`,
            'inline',
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
