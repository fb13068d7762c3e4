// The back office's pages rendered with fixed data, for their render and accessibility tests:
// every page (and its states: an error, a confirmation, an agent's and an administrator's view)
// in a staff language, without a database.
import type { FormDefinition } from '../../src/forms/definition.ts';
import type { AnswerRow } from '../staff/answers.ts';
import type { InboxRow, SubmissionView } from '../staff/inbox.ts';
import type { PendingInvitation } from '../staff/invitations.ts';
import type { MemberWithPasskeys } from '../staff/members.ts';
import { staffTranslator, type StaffLanguage } from '../staff/messages.ts';
import { auditPage } from '../staff/pages/audit.ts';
import type { PageContext } from '../staff/pages/document.ts';
import { inboxPage } from '../staff/pages/inbox.ts';
import { membersPage } from '../staff/pages/members.ts';
import { messagePage } from '../staff/pages/message.ts';
import { enrolPage, signedInPage, signInPage } from '../staff/pages/sign-in.ts';
import { submissionPage } from '../staff/pages/submission.ts';
import { templatesPage } from '../staff/pages/templates.ts';
import { CASE_MEMBERS, CONVERSATION, deskCasePages } from './staff-pages-desk.ts';
import type { AnswerTemplate } from '../staff/templates.ts';

/** A page context in `lang`: signed out, or signed in as an agent or an administrator. */
export function pageContext(lang: StaffLanguage, role: 'agent' | 'admin' | null): PageContext {
  return {
    t: staffTranslator(lang),
    lang,
    session: role
      ? {
          member: {
            id: `${role}-1`,
            email: `${role}@example.be`,
            display_name: role === 'admin' ? 'An Peeters' : 'Jan Janssens',
            role,
            lang,
          },
          csrfToken: 'csrf-token',
        }
      : null,
  };
}

const FORM = {
  id: 'contact',
  title: { nl: 'Contact', fr: 'Contact', de: 'Kontakt', en: 'Contact' },
} as unknown as FormDefinition;
const FORMS: ReadonlyMap<string, FormDefinition> = new Map([['contact', FORM]]);

const ROWS: InboxRow[] = [
  {
    id: 'K7QD-M2XA-9F',
    form_id: 'contact',
    topic: 'aid',
    lang: 'fr',
    status: 'new',
    created_at: '2026-03-02T09:15:00.000Z',
    assignee_name: null,
    visitor_wrote_at: '2026-03-03T08:00:00.000Z',
    reply_channel: 'email',
    follow_up: 1,
  },
  {
    id: 'B4RT-7YHN-2C',
    form_id: 'contact',
    topic: null,
    lang: 'nl',
    status: 'in_progress',
    created_at: '2026-03-01T16:40:00.000Z',
    assignee_name: 'Jan Janssens',
    visitor_wrote_at: null,
    reply_channel: null,
    follow_up: 0,
  },
];

const SUBMISSION: SubmissionView = {
  id: 'K7QD-M2XA-9F',
  form_id: 'contact',
  lang: 'fr',
  data: '',
  reply_channel: 'email',
  search_key: null,
  created_at: '2026-03-02T09:15:00.000Z',
  topic: 'aid',
  status: 'new',
  assignee_id: null,
  wrapped_key: null,
  code_hash: 'scrypt$32768$8$1$salt$hash',
  code_failures: 0,
  code_failures_day: null,
  desk_notice: null,
  notify_email: null,
  visitor_wrote_at: '2026-03-03T08:00:00.000Z',
  duplicate_of: null,
  duplicate_status: null,
  answered_at: null,
  assignee_name: null,
  values: {},
  files: [
    {
      token: 'tok-1',
      field: 'attachment',
      file_name: 'attestation.pdf',
      media_type: 'application/pdf',
      size: 48_213,
    },
  ],
  notes: [
    {
      id: 'note-1',
      at: '2026-03-02T10:00:00.000Z',
      text: 'Called back.',
      member_name: 'Jan Janssens',
    },
  ],
  history: [
    {
      id: 'h-1',
      at: '2026-03-02T09:30:00.000Z',
      member_id: 'agent-1',
      member_email: 'agent@example.be',
      member_name: 'Jan Janssens',
      action: 'viewed',
      submission_id: 'K7QD-M2XA-9F',
      detail: '',
    },
    {
      id: 'h-2',
      at: '2026-03-02T09:45:00.000Z',
      member_id: 'agent-1',
      member_email: 'agent@example.be',
      member_name: 'Jan Janssens',
      action: 'status',
      submission_id: 'K7QD-M2XA-9F',
      detail: 'new → in_progress',
    },
    {
      id: 'h-3',
      at: '2026-03-02T09:50:00.000Z',
      member_id: 'agent-1',
      member_email: 'agent@example.be',
      member_name: 'Jan Janssens',
      action: 'downloaded',
      submission_id: 'K7QD-M2XA-9F',
      detail: 'tok-1',
      file_name: 'facture.pdf',
    },
  ],
};

/** Answer templates of the templates page. */
const TEMPLATES: AnswerTemplate[] = [
  {
    id: 'tpl-1',
    lang: 'fr',
    title: 'Accusé de réception',
    body: 'Bonjour, votre message {reference}…',
  },
  {
    id: 'tpl-2',
    lang: 'nl',
    title: 'Ontvangstbevestiging',
    body: 'Goedendag, uw bericht {reference}…',
  },
];

/** The answers of SUBMISSION as the desk reads them (in English, the visitor wrote in French). */
const ANSWERS: AnswerRow[] = [
  {
    name: 'message',
    question: 'Your message',
    visitorQuestion: 'Votre message',
    answer: 'Je voudrais savoir comment demander l’aide financière.',
    files: [],
  },
  { name: 'phone', question: 'Phone', visitorQuestion: 'Phone', answer: null, files: [] },
  {
    name: 'email',
    question: 'E-mail',
    visitorQuestion: 'E-mail',
    answer: 'lecteur@example.org',
    contact: 'email',
    files: [],
  },
  {
    name: 'attachment',
    question: 'A document',
    visitorQuestion: 'Un document',
    answer: null,
    files: SUBMISSION.files,
  },
];

const MEMBERS: MemberWithPasskeys[] = [
  {
    id: 'admin-1',
    email: 'admin@example.be',
    display_name: 'An Peeters',
    role: 'admin',
    lang: 'nl',
    created_at: '2026-01-05T08:00:00.000Z',
    revoked_at: null,
    name_key: 'an peeters',
    oidc_issuer: null,
    oidc_subject: null,
    passkeys: [
      {
        id: 'pk-1',
        member_id: 'admin-1',
        created_at: '2026-01-05T08:01:00.000Z',
        last_used_at: '2026-03-02T08:00:00.000Z',
      },
    ],
  },
  {
    id: 'agent-2',
    email: 'old@example.be',
    display_name: 'Marc Dubois',
    role: 'agent',
    lang: 'fr',
    created_at: '2026-01-06T08:00:00.000Z',
    revoked_at: '2026-02-01T12:00:00.000Z',
    name_key: 'marc dubois',
    oidc_issuer: null,
    oidc_subject: null,
    passkeys: [],
  },
];

const INVITATIONS: PendingInvitation[] = [
  {
    token_hash: 'abc123',
    email: 'new@example.be',
    role: 'agent',
    lang: 'de',
    created_at: '2026-03-02T08:00:00.000Z',
    expires_at: '2026-03-03T08:00:00.000Z',
  },
];

/** Every page of the back office in `lang`, in the state named by the key. */
export function staffPages(lang: StaffLanguage): Record<string, string> {
  const signedOut = pageContext(lang, null);
  const agent = pageContext(lang, 'agent');
  const admin = pageContext(lang, 'admin');
  const { t } = admin;
  const inbox = {
    filter: { page: 2, status: 'new' as const },
    rows: ROWS,
    total: 120,
    dates: { from: '', to: '', invalid: [] as ('from' | 'to')[] },
    answerDays: 5,
    // Page 2 of 3: the pages beside start at its first and last rows.
    previous: {
      wroteAt: '2026-03-03T08:00:00.000Z',
      createdAt: '2026-03-02T09:15:00.000Z',
      id: 'K7QD-M2XA-9F',
    },
    next: { wroteAt: null, createdAt: '2026-03-01T16:40:00.000Z', id: 'B4RT-7YHN-2C' },
    forms: FORMS,
    previews: new Map([
      ['K7QD-M2XA-9F', 'La facture du kinésithérapeute après l’attentat n’est pas…'],
    ]),
    members: [{ id: 'agent-1', display_name: 'Jan Janssens' }],
    bulk: { members: CASE_MEMBERS },
    views: {
      views: [{ id: 'view-1', name: 'Rappels FR', query: 'lang=fr&channel=phone' }],
      memberId: 'agent-1',
      today: '02/03/2026',
      query: 'status=new',
    },
    topics: [{ value: 'aid', label: 'Financial aid' }],
    formTitle: (formId: string) => FORMS.get(formId)?.title[lang] ?? formId,
    topicLabel: (_formId: string, topic: string) => (topic === 'aid' ? 'Financial aid' : topic),
  };
  const submission = {
    submission: SUBMISSION,
    formTitle: 'Contact',
    answers: ANSWERS,
    conversation: CONVERSATION,
    members: CASE_MEMBERS,
    duplicates: [] as string[],
  };
  return {
    'sign-in': signInPage(signedOut),
    'sign-in with an organisation': signInPage(signedOut, true),
    enrol: enrolPage(signedOut),
    'signed in': signedInPage(agent),
    message: messagePage(agent, t('notFoundTitle'), t('notFound')),
    'inbox (agent)': inboxPage(agent, inbox),
    'inbox (admin, a lookup that found nothing)': inboxPage(admin, {
      ...inbox,
      lookup: { query: 'K7QD', error: t('referenceInvalid') },
      done: t('doneDeleted', { reference: 'B4RT-7YHN-2C' }),
    }),
    'inbox (a date refused, filters on)': inboxPage(agent, {
      ...inbox,
      filter: {
        page: 1,
        from: '01/03/2026',
        waiting: true,
        wroteBack: true,
        overdueBefore: '2026-03-10T09:00:00.000Z',
      },
      dates: { from: '01/03/2026', to: '31/02/2026', invalid: ['to'] },
      previous: null,
    }),
    'inbox (a bulk action refused)': inboxPage(agent, {
      ...inbox,
      bulk: {
        members: CASE_MEMBERS,
        ...{ ids: ['B4RT-7YHN-2C'], status: 'closed' },
        error: t('bulkGone', { count: 2, references: 'ZZZZ-0000-00, ZZZZ-0000-01' }),
      },
    }),
    'inbox (empty)': inboxPage(agent, {
      ...inbox,
      filter: { page: 1 },
      rows: [],
      total: 0,
      next: null,
      previous: null,
    }),
    'submission (agent)': submissionPage(agent, { ...submission, done: t('doneTaken') }),
    'submission (admin, refused note and deletion)': submissionPage(admin, {
      ...submission,
      noteError: { text: ' ', error: t('noteMissing') },
      deleteError: t('deleteUnconfirmed'),
    }),
    ...deskCasePages(agent, admin, submission),
    members: membersPage(admin, { members: MEMBERS, invitations: INVITATIONS }),
    'members (an invitation made, an address refused)': membersPage(admin, {
      members: MEMBERS,
      invitations: [],
      invitation: {
        email: 'new@example.be',
        link: 'https://staff.example/#token=x',
        readmits: true,
      },
      inviteError: { email: 'not-an-address', error: t('inviteEmailInvalid') },
      error: t('lastAdmin'),
    }),
    audit: auditPage(admin, { lines: SUBMISSION.history }),
    templates: templatesPage(admin, { templates: TEMPLATES, done: t('doneTemplateAdded') }),
    'templates (a template refused)': templatesPage(admin, {
      templates: [],
      refused: {
        lang: 'fr',
        title: '',
        body: 'Bonjour',
        error: t('templateMissing', { max: 5000 }),
      },
    }),
  };
}

// The bars the fixtures' sessions show, in English, as page-outline.ts writes them.
/** The bar of a page before sign-in: the back office's name only. */
export const BAR_SIGNED_OUT = ['p: Back office of the central desk'];
/** The language form and sign-out, at the end of a signed-in member's bar. */
const BAR_FORMS = [
  '  form POST /staff/language',
  '    hidden csrf',
  '    select#staff-language "Language" [Dutch | French | German | English]',
  '    button: Change language',
  '  form POST /staff/sign-out',
  '    hidden csrf',
  '    button: Sign out',
];
/** An agent's bar: the inbox, who is signed in, the language form and sign-out. */
export const BAR_AGENT = [
  'p: Back office of the central desk',
  'nav "Back office of the central desk"',
  '  link /staff: Inbox',
  '  link /staff/overview: Overview',
  '  span: Signed in as Jan Janssens',
  ...BAR_FORMS,
];
/** An administrator's bar: the Staff page and the audit log too. */
export const BAR_ADMIN = [
  'p: Back office of the central desk',
  'nav "Back office of the central desk"',
  '  link /staff: Inbox',
  '  link /staff/overview: Overview',
  '  link /staff/members: Staff',
  '  link /staff/audit: Audit log',
  '  link /staff/templates: Templates',
  '  span: Signed in as An Peeters',
  ...BAR_FORMS,
];
