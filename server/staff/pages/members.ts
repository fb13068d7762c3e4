// Administrators: the Staff page. Every member with their role (a form to change it), their
// state (a button to revoke them) and their passkeys; the pending invitations; the form that
// invites a new member, whose link is shown once on the page that answers it.
import { createElement as h, Fragment } from 'react';
import { ROLES, type PendingInvitation } from '../invitations.ts';
import type { MemberWithPasskeys } from '../members.ts';
import { STAFF_LANGUAGES } from '../messages.ts';
import { documentOf, type PageContext } from './document.ts';
import { invitationsSection } from './invitations.ts';
import { languageName, roleName } from './labels.ts';
import { dataTable, dateTime, doneStatus, field, postForm } from './parts.ts';

export interface MembersPageData {
  members: MemberWithPasskeys[];
  invitations: PendingInvitation[];
  /** The confirmation of the action just done. */
  done?: string;
  /** The link of the invitation just made: shown once, never stored. */
  invitation?: { email: string; link: string; readmits: boolean };
  /** What the invitation form says is wrong, with what was typed. */
  inviteError?: { email: string; error: string };
  /** A refusal (revoking oneself, the last administrator). */
  error?: string;
}

const COLUMNS = [
  'memberName',
  'memberEmail',
  'memberRole',
  'memberState',
  'memberPasskeys',
] as const;

/** A member's role: a form that changes it, or its name once they are revoked. */
function roleCell(context: PageContext, member: MemberWithPasskeys) {
  const { t, session } = context;
  if (member.revoked_at) return roleName(t, member.role);
  return postForm(
    session,
    `/staff/members/${member.id}/role`,
    'inline',
    h(
      'label',
      { htmlFor: `role-${member.id}`, className: 'visually-hidden' },
      t('changeRoleOf', { name: member.display_name }),
    ),
    h(
      'select',
      { id: `role-${member.id}`, name: 'role', defaultValue: member.role },
      ROLES.map((role) => h('option', { key: role, value: role }, roleName(t, role))),
    ),
    h('button', { type: 'submit' }, t('changeRole')),
  );
}

/** A member's state: active with a button to revoke them, or since when they are revoked. */
function stateCell(context: PageContext, member: MemberWithPasskeys) {
  const { t, lang, session } = context;
  if (member.revoked_at) return t('revokedOn', { date: dateTime(member.revoked_at, lang) });
  return h(
    Fragment,
    null,
    t('active'),
    ' ',
    postForm(
      session,
      `/staff/members/${member.id}/revoke`,
      'inline',
      h('button', { type: 'submit' }, t('revokeMember', { name: member.display_name })),
    ),
  );
}

/** A member's row: name, address, role, state and passkeys. */
function memberRow(context: PageContext, member: MemberWithPasskeys) {
  const { t, lang } = context;
  return h(
    'tr',
    { key: member.id },
    h('th', { scope: 'row' }, member.display_name),
    h('td', null, member.email),
    h('td', null, roleCell(context, member)),
    h('td', null, stateCell(context, member)),
    h(
      'td',
      null,
      t('passkeyCount', { count: member.passkeys.length }),
      member.passkeys.length
        ? h(
            'ul',
            null,
            member.passkeys.map((passkey) =>
              h(
                'li',
                { key: passkey.id },
                dateTime(passkey.created_at, lang),
                ', ',
                passkey.last_used_at
                  ? t('lastUsed', { date: dateTime(passkey.last_used_at, lang) })
                  : t('neverUsed'),
              ),
            ),
          )
        : null,
    ),
  );
}

/** The form that invites a member: address (with what was typed, when refused), role, language. */
function inviteForm(context: PageContext, inviteError: MembersPageData['inviteError']) {
  const { t, lang, session } = context;
  return postForm(
    session,
    '/staff/members/invite',
    'filters',
    h(
      'fieldset',
      null,
      h('legend', null, t('inviteLegend')),
      field(
        h('label', { htmlFor: 'invite-email' }, t('inviteEmail')),
        inviteError
          ? h('span', { id: 'invite-error', className: 'error' }, inviteError.error)
          : null,
        h('input', {
          id: 'invite-email',
          name: 'email',
          type: 'email',
          autoComplete: 'off',
          defaultValue: inviteError?.email ?? '',
          ...(inviteError ? { 'aria-invalid': true, 'aria-describedby': 'invite-error' } : {}),
        }),
      ),
      field(
        h('label', { htmlFor: 'invite-role' }, t('inviteRole')),
        h(
          'select',
          { id: 'invite-role', name: 'role' },
          ROLES.map((role) => h('option', { key: role, value: role }, roleName(t, role))),
        ),
      ),
      field(
        h('label', { htmlFor: 'invite-lang' }, t('inviteLanguage')),
        h(
          'select',
          { id: 'invite-lang', name: 'lang', defaultValue: lang },
          STAFF_LANGUAGES.map((id) =>
            h('option', { key: id, value: id, lang: id }, languageName(t, id)),
          ),
        ),
      ),
      h('button', { type: 'submit' }, t('inviteButton')),
    ),
  );
}

/** Administrators: the staff, their passkeys, invitations, roles and revocation. */
export function membersPage(context: PageContext, data: MembersPageData): string {
  const { t } = context;
  return documentOf(
    context,
    t('membersTitle'),
    h(
      Fragment,
      null,
      doneStatus(data.done),
      data.error ? h('p', { role: 'alert', className: 'error' }, data.error) : null,
      data.invitation
        ? h(
            'div',
            { role: 'status', className: 'done' },
            h('p', null, t('inviteLink', { email: data.invitation.email })),
            h('p', null, h('code', { className: 'invitation-link' }, data.invitation.link)),
            data.invitation.readmits ? h('p', null, t('inviteReadmits')) : null,
          )
        : null,
      dataTable(
        { 'aria-label': t('membersTitle') },
        COLUMNS.map((key) => t(key)),
        data.members.map((member) => memberRow(context, member)),
      ),
      invitationsSection(context, data.invitations),
      inviteForm(context, data.inviteError),
    ),
  );
}
