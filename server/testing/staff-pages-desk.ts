// The desk's case pages in their states (issue 42: a case given to a colleague, taken over,
// a duplicate) and the overview, with fixed data, for staff-pages.ts's render and axe runs.
import type { SubmissionPageData } from '../staff/pages/submission.ts';
import { submissionPage } from '../staff/pages/submission.ts';
import type { PageContext } from '../staff/pages/document.ts';
import { overviewPage } from '../staff/pages/overview.ts';
import type { Overview } from '../staff/overview.ts';
import type { SubmissionView } from '../staff/inbox.ts';
import type { ConversationData } from '../staff/pages/conversation.ts';

/** SUBMISSION's conversation: the desk answered, the visitor wrote back with a file. */
export const CONVERSATION: ConversationData = {
  messages: [
    {
      id: 'm-1',
      author: 'desk',
      channel: 'page',
      memberName: 'Jan Janssens',
      at: '2026-03-02T11:00:00.000Z',
      text: 'Bonjour, nous avons bien reçu votre message.',
      files: [],
    },
    {
      id: 'm-2',
      author: 'visitor',
      channel: 'page',
      memberName: null,
      at: '2026-03-03T08:00:00.000Z',
      text: 'Voici la facture.',
      files: [{ token: 'tok-2', name: 'facture.pdf', size: 20_480 }],
    },
  ],
  hasCode: true,
  canEmail: false,
  visitorLang: 'fr',
  visitorWroteAt: '2026-03-03T08:00:00.000Z',
  deskNotice: null,
  templates: [
    {
      id: 'tpl-1',
      lang: 'fr',
      title: 'Accusé de réception',
      body: 'Bonjour, votre message {reference}…',
    },
  ],
  draft: null,
};

/** The members a case can be given to (active ones), by name. */
export const CASE_MEMBERS = [
  { id: 'admin-1', display_name: 'An Peeters' },
  { id: 'agent-1', display_name: 'Jan Janssens' },
];

/** A case given to a colleague, taken over, marked as a duplicate and undone. */
const CASE_HISTORY: SubmissionView['history'] = [
  ['h-4', 'assigned', 'admin-1', 'An Peeters', 'agent-1', 'Jan Janssens'],
  ['h-5', 'taken', 'admin-1', 'An Peeters', 'agent-1', 'Jan Janssens'],
  ['h-6', 'duplicate', 'agent-1', 'Jan Janssens', 'H8WZ-3KPD-4M', undefined],
  ['h-7', 'not-duplicate', 'agent-1', 'Jan Janssens', 'H8WZ-3KPD-4M', undefined],
  ['h-8', 'assigned', 'admin-1', 'An Peeters', 'agent-1', 'Jan Janssens'],
].map(([id, action, member, name, detail, assignee], index) => ({
  id: id ?? '',
  at: `2026-03-04T10:0${index}:00.000Z`,
  member_id: member ?? null,
  member_email: `${member ?? ''}@example.be`,
  member_name: name ?? null,
  action: action ?? '',
  submission_id: 'K7QD-M2XA-9F',
  detail: detail ?? '',
  ...(assignee ? { assignee_name: assignee } : {}),
}));

/** The overview of a desk: two forms, three languages, four weeks (one with none due yet). */
const OVERVIEW: Overview = {
  byForm: [
    { key: 'callback', new: 2, inProgress: 1, waiting: 0, answeredThisWeek: 1 },
    { key: 'contact', new: 5, inProgress: 3, waiting: 4, answeredThisWeek: 6 },
  ],
  byLanguage: [
    { key: 'fr', new: 3, inProgress: 2, waiting: 1, answeredThisWeek: 2 },
    { key: 'nl', new: 4, inProgress: 2, waiting: 3, answeredThisWeek: 5 },
  ],
  total: { key: '', new: 7, inProgress: 4, waiting: 4, answeredThisWeek: 7 },
  oldest: {
    id: 'B4RT-7YHN-2C',
    form_id: 'contact',
    status: 'in_progress',
    created_at: '2026-03-01T16:40:00.000Z',
  },
  weeks: [
    { monday: '2026-02-16', received: 8, inTime: 8, notDue: 0 },
    { monday: '2026-02-23', received: 10, inTime: 7, notDue: 0 },
    { monday: '2026-03-02', received: 6, inTime: 2, notDue: 2 },
    { monday: '2026-03-09', received: 3, inTime: 0, notDue: 3 },
  ],
};

/** The case and overview pages, from the base submission page's data of staff-pages.ts. */
export function deskCasePages(
  agent: PageContext,
  admin: PageContext,
  submission: SubmissionPageData,
): Record<string, string> {
  const { t } = admin;
  // Handled by Jan Janssens (the agent), seen by the administrator.
  const othersCase = {
    ...submission,
    submission: {
      ...submission.submission,
      status: 'in_progress',
      assignee_id: 'agent-1',
      assignee_name: 'Jan Janssens',
      history: [...submission.submission.history, ...CASE_HISTORY],
    },
    duplicates: ['B4RT-7YHN-2C'],
  };
  return {
    'submission (admin, another’s case: take over asked, assignment and duplicate refused)':
      submissionPage(admin, {
        ...othersCase,
        askTakeOver: true,
        assignError: t('assignNoMember'),
        duplicateError: { text: 'K7QD M2XA 9F', error: t('duplicateSelf') },
      }),
    'submission (admin, another’s case, a duplicate)': submissionPage(admin, {
      ...othersCase,
      submission: { ...othersCase.submission, status: 'closed', duplicate_of: 'H8WZ-3KPD-4M' },
      duplicates: [],
      done: t('doneDuplicate', { reference: 'H8WZ-3KPD-4M' }),
    }),
    'submission (agent, opened from a sorted list)': submissionPage(agent, {
      ...submission,
      list: { href: '/staff?status=new&sort=date&dir=asc', previous: 'B4RT-7YHN-2C', next: null },
    }),
    overview: overviewPage(agent, {
      overview: OVERVIEW,
      answerDays: 5,
      formTitle: (formId) => (formId === 'callback' ? 'Callback' : 'Contact'),
    }),
    'overview (no case yet)': overviewPage(admin, {
      overview: {
        byForm: [],
        byLanguage: [],
        total: { key: '', new: 0, inProgress: 0, waiting: 0, answeredThisWeek: 0 },
        oldest: null,
        weeks: OVERVIEW.weeks.map((week) => ({ ...week, received: 0, inTime: 0, notDue: 0 })),
      },
      answerDays: 5,
      formTitle: (formId) => formId,
    }),
  };
}
