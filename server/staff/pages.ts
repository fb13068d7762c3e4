// The back office's pages, rendered on the server with React (createElement: Node runs the
// server's TypeScript without a JSX step). Every action is a plain form posted to the server,
// so the pages work with a keyboard, a screen reader and without script; only the passkey
// ceremonies need script (browser/passkey.ts).
import { createElement as h, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { FormDefinition } from '../../src/forms/definition.ts';
import { formatSize } from '../../src/forms/format-size.ts';
import type { AnswerRow } from './answers.ts';
import {
  NOBODY,
  PAGE_SIZE,
  STATUSES,
  type InboxFilter,
  type InboxRow,
  type SubmissionView,
} from './inbox.ts';
import { STAFF_LANGUAGES, type StaffLanguage, type StaffTranslate } from './messages.ts';
import { ROLES, type PendingInvitation, type Role } from './invitations.ts';
import { invitationsSection } from './invitations-page.ts';
import type { MemberWithPasskeys } from './members.ts';
import { csrfField, dataTable, dateTime } from './page-parts.ts';
import type { StaffSession } from './sessions.ts';

export interface PageContext {
  t: StaffTranslate;
  lang: StaffLanguage;
  session: StaffSession | null;
}

/** A whole HTML document around a page's main content. */
function documentOf(context: PageContext, title: string, main: ReactNode, scripts: string[] = []) {
  const { t, lang, session } = context;
  const page = h(
    'html',
    { lang },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'robots', content: 'noindex, nofollow' }),
      h('title', null, `${title} – ${t('appName')}`),
      h('link', { rel: 'stylesheet', href: '/staff/assets/staff.css' }),
      ...scripts.map((src) => h('script', { key: src, src, defer: true })),
    ),
    h(
      'body',
      null,
      h('a', { className: 'skip', href: '#main' }, t('skip')),
      h(
        'header',
        { className: 'bar' },
        h('p', { className: 'bar__name' }, t('appName')),
        session
          ? h(
              'nav',
              { 'aria-label': t('appName') },
              h('a', { href: '/staff' }, t('navInbox')),
              session.member.role === 'admin'
                ? h(
                    Fragment,
                    null,
                    h('a', { href: '/staff/members' }, t('navMembers')),
                    h('a', { href: '/staff/audit' }, t('navAudit')),
                  )
                : null,
              h(
                'span',
                { className: 'bar__who' },
                t('signedInAs', { name: session.member.display_name }),
              ),
              h(
                'form',
                { method: 'post', action: '/staff/language', className: 'bar__form' },
                csrfField(session),
                h('label', { htmlFor: 'staff-language' }, t('language')),
                h(
                  'select',
                  { id: 'staff-language', name: 'lang', defaultValue: lang },
                  STAFF_LANGUAGES.map((id) =>
                    h('option', { key: id, value: id, lang: id }, t(`lang_${id}`)),
                  ),
                ),
                h('button', { type: 'submit' }, t('changeLanguage')),
              ),
              h(
                'form',
                { method: 'post', action: '/staff/sign-out', className: 'bar__form' },
                csrfField(session),
                h('button', { type: 'submit' }, t('signOut')),
              ),
            )
          : null,
      ),
      h('main', { id: 'main', tabIndex: -1 }, h('h1', null, title), main),
    ),
  );
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}

const BROWSER_SCRIPTS = ['/staff/assets/webauthn.js', '/staff/assets/passkey.js'];

/** The passkey form of sign-in and enrolment; the script reads its data- texts. */
function passkeyForm(
  context: PageContext,
  mode: 'sign-in' | 'enrol',
  button: string,
  extra?: ReactNode,
) {
  const { t } = context;
  return h(
    'form',
    {
      className: 'passkey',
      'data-passkey': mode,
      'data-working': t('working'),
      'data-unsupported': t('noPasskeySupport'),
      'data-failed': mode === 'enrol' ? t('enrolInvalid') : t('signInFailed'),
    },
    extra,
    h('button', { type: 'submit', className: 'primary' }, button),
    h('p', { className: 'passkey__status', role: 'status' }),
    h('p', { className: 'passkey__error', role: 'alert', id: 'passkey-error' }),
  );
}

/**
 * Sign-in: also the answer (401) to any staff page asked for without a session. With OpenID
 * Connect configured, a link to the organisation's sign-in too.
 */
export function signInPage(context: PageContext, organisation = false): string {
  const { t } = context;
  return documentOf(
    context,
    t('signInTitle'),
    h(
      Fragment,
      null,
      h('p', null, t('signInIntro')),
      passkeyForm(context, 'sign-in', t('signInButton')),
      organisation
        ? h(
            'p',
            null,
            h('a', { href: '/staff/oidc/start', className: 'button' }, t('signInOrganisation')),
          )
        : null,
    ),
    BROWSER_SCRIPTS,
  );
}

/** After an organisation sign-in: a page of our own, whose link the Strict cookie follows. */
export function signedInPage(context: PageContext): string {
  const { t } = context;
  return documentOf(
    context,
    t('signedInTitle'),
    h('p', null, h('a', { href: '/staff', className: 'button' }, t('continueToInbox'))),
  );
}

/** Enrolment: the invitation link's page (the token stays in the link's #fragment). */
export function enrolPage(context: PageContext): string {
  const { t } = context;
  const name = h(
    'p',
    { className: 'field' },
    h('label', { htmlFor: 'display-name' }, t('enrolName')),
    h('input', {
      id: 'display-name',
      name: 'name',
      autoComplete: 'name',
      required: true,
      maxLength: 100,
      'aria-describedby': 'passkey-error',
      'data-missing': t('enrolNameMissing'),
    }),
  );
  return documentOf(
    context,
    t('enrolTitle'),
    h(
      Fragment,
      null,
      h('p', null, t('enrolIntro')),
      passkeyForm(context, 'enrol', t('enrolButton'), name),
    ),
    BROWSER_SCRIPTS,
  );
}

/** A page that only says something (not found, not allowed, an error). */
export function messagePage(context: PageContext, title: string, text: string): string {
  return documentOf(
    context,
    title,
    h(
      Fragment,
      null,
      h('p', null, text),
      context.session ? h('p', null, h('a', { href: '/staff' }, context.t('backToInbox'))) : null,
    ),
  );
}

export interface InboxPageData {
  filter: InboxFilter;
  rows: InboxRow[];
  total: number;
  forms: ReadonlyMap<string, FormDefinition>;
  members: { id: string; display_name: string }[];
  topics: { value: string; label: string }[];
  /** What the reference lookup says (not found, not a reference), with what was typed. */
  lookup?: { query: string; error: string };
  /** The confirmation of the action just done (a deletion), read out as a status. */
  done?: string;
  formTitle: (formId: string) => string;
  topicLabel: (formId: string, topic: string) => string;
}

function select(
  id: string,
  label: string,
  name: string,
  value: string | undefined,
  options: [string, string][],
  anyLabel: string,
) {
  return h(
    'p',
    { className: 'field' },
    h('label', { htmlFor: id }, label),
    h(
      'select',
      { id, name, defaultValue: value ?? '' },
      h('option', { value: '' }, anyLabel),
      options.map(([optionValue, text]) =>
        h('option', { key: optionValue, value: optionValue }, text),
      ),
    ),
  );
}

/** The query string of the inbox for a filter on another page. */
export function inboxHref(filter: InboxFilter, page: number): string {
  const params = new URLSearchParams();
  for (const key of ['status', 'form', 'topic', 'lang', 'assignee'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/staff?${query}` : '/staff';
}

export function inboxPage(context: PageContext, data: InboxPageData): string {
  const { t, lang } = context;
  const { filter } = data;
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  const lookup = h(
    'form',
    { method: 'get', action: '/staff/find', className: 'lookup', role: 'search' },
    h(
      'p',
      { className: 'field' },
      h('label', { htmlFor: 'reference' }, t('findReference')),
      h('span', { id: 'reference-help', className: 'help' }, t('findReferenceHelp')),
      data.lookup
        ? h('span', { id: 'reference-error', className: 'error' }, data.lookup.error)
        : null,
      h('input', {
        id: 'reference',
        name: 'reference',
        defaultValue: data.lookup?.query ?? '',
        autoComplete: 'off',
        spellCheck: false,
        'aria-describedby': data.lookup ? 'reference-error reference-help' : 'reference-help',
        ...(data.lookup ? { 'aria-invalid': true } : {}),
      }),
    ),
    h('button', { type: 'submit' }, t('find')),
  );
  const filters = h(
    'form',
    { method: 'get', action: '/staff', className: 'filters' },
    h(
      'fieldset',
      null,
      h('legend', null, t('filters')),
      select(
        'filter-status',
        t('filterStatus'),
        'status',
        filter.status,
        STATUSES.map((id) => [id, t(`status_${id}`)]),
        t('any'),
      ),
      select(
        'filter-form',
        t('filterForm'),
        'form',
        filter.form,
        [...data.forms.keys()].map((id) => [id, data.formTitle(id)]),
        t('any'),
      ),
      select(
        'filter-topic',
        t('filterTopic'),
        'topic',
        filter.topic,
        data.topics.map((topic) => [topic.value, topic.label]),
        t('any'),
      ),
      select(
        'filter-lang',
        t('filterLanguage'),
        'lang',
        filter.lang,
        STAFF_LANGUAGES.map((id) => [id, t(`lang_${id}`)]),
        t('any'),
      ),
      select(
        'filter-assignee',
        t('filterAssignee'),
        'assignee',
        filter.assignee,
        [
          [NOBODY, t('nobody')],
          ...data.members.map((member): [string, string] => [member.id, member.display_name]),
        ],
        t('any'),
      ),
      h('button', { type: 'submit' }, t('applyFilters')),
    ),
  );
  const table = data.rows.length
    ? dataTable(
        { 'aria-labelledby': 'inbox-count' },
        (
          [
            'columnReference',
            'columnReceived',
            'columnForm',
            'columnTopic',
            'columnLanguage',
            'columnStatus',
            'columnAssignee',
          ] as const
        ).map((key) => t(key)),
        data.rows.map((row) =>
          h(
            'tr',
            { key: row.id },
            h('th', { scope: 'row' }, h('a', { href: `/staff/submissions/${row.id}` }, row.id)),
            h('td', null, dateTime(row.created_at, lang)),
            h('td', null, data.formTitle(row.form_id)),
            h('td', null, row.topic ? data.topicLabel(row.form_id, row.topic) : ''),
            h('td', null, t(`lang_${row.lang as StaffLanguage}`)),
            h(
              'td',
              null,
              h(
                'span',
                { className: `status status--${row.status}` },
                t(`status_${row.status as 'new'}`),
              ),
            ),
            h('td', null, row.assignee_name ?? t('nobody')),
          ),
        ),
      )
    : h('p', null, t('empty'));
  const pagination =
    pages > 1
      ? h(
          'nav',
          { className: 'pages', 'aria-label': t('pages') },
          filter.page > 1
            ? h('a', { href: inboxHref(filter, filter.page - 1), rel: 'prev' }, t('previousPage'))
            : null,
          h('span', null, t('pageOf', { page: filter.page, pages })),
          filter.page < pages
            ? h('a', { href: inboxHref(filter, filter.page + 1), rel: 'next' }, t('nextPage'))
            : null,
        )
      : null;
  return documentOf(
    context,
    t('inboxTitle'),
    h(
      Fragment,
      null,
      data.done ? h('p', { role: 'status', className: 'done' }, data.done) : null,
      lookup,
      filters,
      h(
        'p',
        { id: 'inbox-count', className: 'count', role: 'status' },
        t('count', { count: data.total }),
      ),
      table,
      pagination,
      context.session?.member.role === 'admin' ? exportForm(context, data) : null,
    ),
  );
}

/** Admins: a form's submissions as CSV (";") or XLSX, as `npm run submissions -- export`. */
function exportForm(context: PageContext, data: InboxPageData) {
  const { t } = context;
  return h(
    'form',
    { method: 'get', action: '/staff/export', className: 'filters' },
    h(
      'fieldset',
      null,
      h('legend', null, t('exportLegend')),
      h(
        'p',
        { className: 'field' },
        h('label', { htmlFor: 'export-form' }, t('exportForm')),
        h(
          'select',
          { id: 'export-form', name: 'form' },
          [...data.forms.keys()].map((id) =>
            h('option', { key: id, value: id }, data.formTitle(id)),
          ),
        ),
      ),
      h(
        'p',
        { className: 'field' },
        h('label', { htmlFor: 'export-format' }, t('exportFormat')),
        h(
          'select',
          { id: 'export-format', name: 'format' },
          h('option', { value: 'csv' }, 'CSV (;)'),
          h('option', { value: 'xlsx' }, 'Excel (XLSX)'),
        ),
      ),
      h('button', { type: 'submit' }, t('exportButton')),
    ),
  );
}

export interface AuditPageData {
  lines: {
    id: string;
    at: string;
    member_id: string | null;
    member_email: string | null;
    member_name: string | null;
    action: string;
    submission_id: string | null;
    detail: string;
  }[];
}

/** Admins: the newest lines of the audit log. */
export function auditPage(context: PageContext, data: AuditPageData): string {
  const { t, lang } = context;
  return documentOf(
    context,
    t('auditTitle'),
    h(
      Fragment,
      null,
      h('p', null, t('auditIntro', { count: data.lines.length })),
      h('p', null, h('a', { href: '/staff/audit/export', download: true }, t('auditExport'))),
      dataTable(
        { 'aria-label': t('auditTitle') },
        (
          [
            'auditWhen',
            'auditWho',
            'auditEmail',
            'auditMemberId',
            'auditAction',
            'auditSubmission',
            'auditDetail',
          ] as const
        ).map((key) => t(key)),
        data.lines.map((line) =>
          h(
            'tr',
            { key: line.id },
            h('td', null, h('time', { dateTime: line.at }, dateTime(line.at, lang))),
            h('td', null, line.member_name ?? '—'),
            h('td', null, line.member_email ?? ''),
            h('td', null, h('code', null, line.member_id ?? '')),
            h('td', null, line.action),
            h('td', null, line.submission_id ?? ''),
            h('td', null, line.detail),
          ),
        ),
      ),
    ),
  );
}

export interface SubmissionPageData {
  submission: SubmissionView;
  formTitle: string;
  answers: AnswerRow[];
  /** The confirmation of the action just done, read out as a status. */
  done?: string;
  /** A note that could not be added, with what was typed (nothing typed is lost). */
  noteError?: { text: string; error: string };
  /** Why a deletion was not done. */
  deleteError?: string;
}

export function submissionPage(context: PageContext, data: SubmissionPageData): string {
  const { t, lang, session } = context;
  const { submission } = data;
  const base = `/staff/submissions/${submission.id}`;
  const visitorLanguage = t(`lang_${submission.lang as StaffLanguage}`);
  const historyText = (line: SubmissionView['history'][number]) => {
    const name = line.member_name ?? t('someone');
    if (line.action === 'status') {
      const [from = '', to = ''] = line.detail.split(' → ');
      return t('history_status', {
        name,
        from: t(`status_${from as 'new'}`),
        to: t(`status_${to as 'new'}`),
      });
    }
    const key = `history_${line.action}` as const;
    return key in { history_viewed: 1, history_downloaded: 1, history_taken: 1, history_note: 1 }
      ? t(key as 'history_viewed', { name })
      : `${name}: ${line.action}`;
  };
  // The sentence in the staff member's language around the question in the visitor's.
  const visitorQuestion = (question: string) => {
    const [before = '', after = ''] = t('questionVisitor', {
      language: visitorLanguage,
      question: '\u0000',
    }).split('\u0000');
    return [before, h('span', { key: 'q', lang: submission.lang }, question), after];
  };
  const answers = h(
    'section',
    { 'aria-labelledby': 'answers' },
    h('h2', { id: 'answers' }, t('answers')),
    h(
      'dl',
      { className: 'answers' },
      data.answers.map((row) =>
        h(
          'div',
          { key: row.name, className: 'answers__row' },
          h(
            'dt',
            null,
            row.question,
            row.visitorQuestion !== row.question
              ? h(
                  'span',
                  { className: 'answers__visitor' },
                  ...visitorQuestion(row.visitorQuestion),
                )
              : null,
          ),
          h(
            'dd',
            { lang: submission.lang },
            row.files.length
              ? h(
                  'ul',
                  null,
                  row.files.map((file) =>
                    h(
                      'li',
                      { key: file.token },
                      h(
                        'a',
                        { href: `${base}/files/${file.token}`, download: file.file_name },
                        t('download', { name: file.file_name, size: formatSize(file.size, lang) }),
                      ),
                    ),
                  ),
                )
              : (row.answer ?? h('span', { className: 'empty', lang }, t('notAnswered'))),
          ),
        ),
      ),
    ),
  );
  const handling = h(
    'section',
    { 'aria-labelledby': 'handling' },
    h('h2', { id: 'handling' }, t('handling')),
    h('p', null, t('handledByLine', { name: submission.assignee_name ?? t('nobody') })),
    submission.assignee_id !== session?.member.id
      ? h(
          'form',
          { method: 'post', action: `${base}/take` },
          csrfField(session),
          h('button', { type: 'submit' }, t('take')),
        )
      : null,
    h(
      'form',
      { method: 'post', action: `${base}/status`, className: 'inline' },
      csrfField(session),
      h(
        'p',
        { className: 'field' },
        h('label', { htmlFor: 'status' }, t('status')),
        h(
          'select',
          { id: 'status', name: 'status', defaultValue: submission.status },
          STATUSES.map((id) => h('option', { key: id, value: id }, t(`status_${id}`))),
        ),
      ),
      h('button', { type: 'submit' }, t('changeStatus')),
    ),
  );
  const notes = h(
    'section',
    { 'aria-labelledby': 'notes' },
    h('h2', { id: 'notes' }, t('notes')),
    submission.notes.length
      ? h(
          'ul',
          { className: 'notes' },
          submission.notes.map((note) =>
            h(
              'li',
              { key: note.id },
              h(
                'p',
                { className: 'notes__meta' },
                `${note.member_name ?? t('someone')}, ${dateTime(note.at, lang)}`,
              ),
              h('p', { className: 'notes__text' }, note.text),
            ),
          ),
        )
      : h('p', null, t('noNotes')),
    h(
      'form',
      { method: 'post', action: `${base}/notes` },
      csrfField(session),
      h(
        'p',
        { className: 'field' },
        h('label', { htmlFor: 'note' }, t('noteLabel')),
        data.noteError
          ? h('span', { id: 'note-error', className: 'error' }, data.noteError.error)
          : null,
        h('textarea', {
          id: 'note',
          name: 'text',
          rows: 4,
          defaultValue: data.noteError?.text ?? '',
          ...(data.noteError ? { 'aria-invalid': true, 'aria-describedby': 'note-error' } : {}),
        }),
      ),
      h('button', { type: 'submit' }, t('addNote')),
    ),
  );
  const history = h(
    'section',
    { 'aria-labelledby': 'history' },
    h('h2', { id: 'history' }, t('history')),
    h(
      'ol',
      { className: 'history' },
      submission.history.map((line) =>
        h(
          'li',
          { key: line.id },
          h('time', { dateTime: line.at }, dateTime(line.at, lang)),
          ' ',
          historyText(line),
        ),
      ),
    ),
  );
  return documentOf(
    context,
    t('submissionTitle', { reference: submission.id }),
    h(
      Fragment,
      null,
      h('p', null, h('a', { href: '/staff' }, t('backToInbox'))),
      h(
        'p',
        { role: 'status', className: data.done ? 'done' : 'done done--empty' },
        data.done ?? '',
      ),
      h(
        'dl',
        { className: 'facts' },
        h('dt', null, t('form')),
        h('dd', null, data.formTitle),
        h('dt', null, t('received')),
        h('dd', null, dateTime(submission.created_at, lang)),
        h('dt', null, t('writtenIn')),
        h('dd', null, visitorLanguage),
        h('dt', null, t('status')),
        h('dd', null, t(`status_${submission.status as 'new'}`)),
      ),
      answers,
      handling,
      notes,
      history,
      session?.member.role === 'admin' ? deleteForm(context, base, data.deleteError) : null,
    ),
  );
}

/** Admins: delete a submission, after ticking a confirmation. */
function deleteForm(context: PageContext, base: string, error: string | undefined) {
  const { t, session } = context;
  return h(
    'section',
    { 'aria-labelledby': 'delete' },
    h('h2', { id: 'delete' }, t('deleteHeading')),
    h(
      'form',
      { method: 'post', action: `${base}/delete` },
      csrfField(session),
      error ? h('p', { id: 'delete-error', className: 'error' }, error) : null,
      h(
        'p',
        null,
        h('input', {
          type: 'checkbox',
          id: 'delete-confirm',
          name: 'confirm',
          value: 'yes',
          ...(error ? { 'aria-invalid': true, 'aria-describedby': 'delete-error' } : {}),
        }),
        ' ',
        h('label', { htmlFor: 'delete-confirm' }, t('deleteConfirm')),
      ),
      h('button', { type: 'submit' }, t('deleteButton')),
    ),
  );
}

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

/** Administrators: the staff, their passkeys, invitations, roles and revocation. */
export function membersPage(context: PageContext, data: MembersPageData): string {
  const { t, lang, session } = context;
  const rows = data.members.map((member) =>
    h(
      'tr',
      { key: member.id },
      h('th', { scope: 'row' }, member.display_name),
      h('td', null, member.email),
      h(
        'td',
        null,
        member.revoked_at
          ? t(`role_${member.role as Role}`)
          : h(
              'form',
              { method: 'post', action: `/staff/members/${member.id}/role`, className: 'inline' },
              csrfField(session),
              h(
                'label',
                { htmlFor: `role-${member.id}`, className: 'visually-hidden' },
                t('changeRoleOf', { name: member.display_name }),
              ),
              h(
                'select',
                { id: `role-${member.id}`, name: 'role', defaultValue: member.role },
                ROLES.map((role) => h('option', { key: role, value: role }, t(`role_${role}`))),
              ),
              h('button', { type: 'submit' }, t('changeRole')),
            ),
      ),
      h(
        'td',
        null,
        member.revoked_at
          ? t('revokedOn', { date: dateTime(member.revoked_at, lang) })
          : h(
              Fragment,
              null,
              t('active'),
              ' ',
              h(
                'form',
                {
                  method: 'post',
                  action: `/staff/members/${member.id}/revoke`,
                  className: 'inline',
                },
                csrfField(session),
                h('button', { type: 'submit' }, t('revokeMember', { name: member.display_name })),
              ),
            ),
      ),
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
    ),
  );
  const inviteForm = h(
    'form',
    { method: 'post', action: '/staff/members/invite', className: 'filters' },
    csrfField(session),
    h(
      'fieldset',
      null,
      h('legend', null, t('inviteLegend')),
      h(
        'p',
        { className: 'field' },
        h('label', { htmlFor: 'invite-email' }, t('inviteEmail')),
        data.inviteError
          ? h('span', { id: 'invite-error', className: 'error' }, data.inviteError.error)
          : null,
        h('input', {
          id: 'invite-email',
          name: 'email',
          type: 'email',
          autoComplete: 'off',
          defaultValue: data.inviteError?.email ?? '',
          ...(data.inviteError ? { 'aria-invalid': true, 'aria-describedby': 'invite-error' } : {}),
        }),
      ),
      h(
        'p',
        { className: 'field' },
        h('label', { htmlFor: 'invite-role' }, t('inviteRole')),
        h(
          'select',
          { id: 'invite-role', name: 'role' },
          ROLES.map((role) => h('option', { key: role, value: role }, t(`role_${role}`))),
        ),
      ),
      h(
        'p',
        { className: 'field' },
        h('label', { htmlFor: 'invite-lang' }, t('inviteLanguage')),
        h(
          'select',
          { id: 'invite-lang', name: 'lang', defaultValue: lang },
          STAFF_LANGUAGES.map((id) =>
            h('option', { key: id, value: id, lang: id }, t(`lang_${id}`)),
          ),
        ),
      ),
      h('button', { type: 'submit' }, t('inviteButton')),
    ),
  );
  return documentOf(
    context,
    t('membersTitle'),
    h(
      Fragment,
      null,
      data.done ? h('p', { role: 'status', className: 'done' }, data.done) : null,
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
        (['memberName', 'memberEmail', 'memberRole', 'memberState', 'memberPasskeys'] as const).map(
          (key) => t(key),
        ),
        rows,
      ),
      invitationsSection(context, data.invitations),
      inviteForm,
    ),
  );
}
