// The submission page's desk actions (issue 42): who handles the case (take it, take it over
// after a question that needs no script, give it to a colleague) and its duplicates (mark it as
// a duplicate of another reference, undo that, and the cases marked as duplicates of this one).
import { createElement as h, type ReactNode } from 'react';
import { STATUSES, type SubmissionView } from '../inbox.ts';
import type { PageContext } from './document.ts';
import { statusName } from './labels.ts';
import { field, postForm } from './parts.ts';

/** What the desk actions of a submission's page show besides the submission. */
export interface DeskCaseData {
  /** The members who can be given the case (active ones), by name. */
  members: readonly { id: string; display_name: string }[];
  /** The references marked as duplicates of this case. */
  duplicates: readonly string[];
  /** "Take over" was asked: the page asks whether to, with the current handler's name. */
  askTakeOver?: boolean;
  /** Why an assignment was refused. */
  assignError?: string;
  /** A duplicate's reference that was refused, as typed, with why. */
  duplicateError?: { text: string; error: string };
}

/** A section under its h2, named by it. */
export const section = (id: string, heading: string, ...children: ReactNode[]) =>
  h('section', { 'aria-labelledby': id }, h('h2', { id }, heading), ...children);

/** A link to a submission's page by its reference. */
export const caseLink = (reference: string) =>
  h('a', { href: `/staff/submissions/${reference}` }, reference);

/** The question before taking over another member's case: a form, so it needs no script. */
function takeOverQuestion(context: PageContext, base: string, name: string, from: string) {
  const { t, session } = context;
  return h(
    'div',
    { className: 'confirm', role: 'group', 'aria-labelledby': 'take-over-question' },
    h('p', { id: 'take-over-question' }, t('takeOverQuestion', { name })),
    postForm(
      session,
      `${base}/take`,
      'inline',
      h('input', { type: 'hidden', name: 'confirm', value: 'yes' }),
      // Whom it is taken from: if another member took it meanwhile, the page asks again.
      h('input', { type: 'hidden', name: 'from', value: from }),
      h('button', { type: 'submit' }, t('takeOverConfirm')),
      h('a', { href: `${base}#handling` }, t('takeOverCancel', { name })),
    ),
  );
}

/** Take it (nobody handles it), take it over (someone else does: asks first) or nothing. */
function takeControl(context: PageContext, submission: SubmissionView, data: DeskCaseData) {
  const { t, session } = context;
  const base = `/staff/submissions/${submission.id}`;
  if (submission.assignee_id === session?.member.id) return null;
  if (!submission.assignee_id) {
    return postForm(session, `${base}/take`, undefined, h('button', { type: 'submit' }, t('take')));
  }
  const name = submission.assignee_name ?? t('someone');
  if (data.askTakeOver) return takeOverQuestion(context, base, name, submission.assignee_id);
  // A GET to the page itself, with the question: "Take over" changes nothing yet.
  return h(
    'form',
    { method: 'get', action: `${base}#handling` },
    h('input', { type: 'hidden', name: 'ask', value: 'take-over' }),
    h('button', { type: 'submit' }, t('takeOver')),
  );
}

/** Who handles it, taking it, giving it to a colleague, and its status. */
export function handlingSection(
  context: PageContext,
  submission: SubmissionView,
  data: DeskCaseData,
) {
  const { t, session } = context;
  const base = `/staff/submissions/${submission.id}`;
  const error = data.assignError;
  return section(
    'handling',
    t('handling'),
    h('p', null, t('handledByLine', { name: submission.assignee_name ?? t('nobody') })),
    takeControl(context, submission, data),
    postForm(
      session,
      `${base}/assign`,
      'inline',
      field(
        h('label', { htmlFor: 'assignee' }, t('assignLabel')),
        error ? h('span', { id: 'assign-error', className: 'error' }, error) : null,
        h(
          'select',
          {
            id: 'assignee',
            name: 'member',
            defaultValue: submission.assignee_id ?? '',
            ...(error ? { 'aria-invalid': true, 'aria-describedby': 'assign-error' } : {}),
          },
          submission.assignee_id ? null : h('option', { value: '' }, t('nobody')),
          data.members.map((member) =>
            h('option', { key: member.id, value: member.id }, member.display_name),
          ),
        ),
      ),
      h('button', { type: 'submit' }, t('assignButton')),
    ),
    postForm(
      session,
      `${base}/status`,
      'inline',
      field(
        h('label', { htmlFor: 'status' }, t('status')),
        h(
          'select',
          { id: 'status', name: 'status', defaultValue: submission.status },
          STATUSES.map((id) => h('option', { key: id, value: id }, statusName(t, id))),
        ),
      ),
      h('button', { type: 'submit' }, t('changeStatus')),
    ),
  );
}

/** Marks the case as a duplicate of another (or undoes it); lists the duplicates of this one. */
export function duplicatesSection(
  context: PageContext,
  submission: SubmissionView,
  data: DeskCaseData,
) {
  const { t, session } = context;
  const base = `/staff/submissions/${submission.id}`;
  const error = data.duplicateError;
  const copies = data.duplicates.length
    ? [
        h('h3', { key: 'h' }, t('duplicatesOfThis')),
        h(
          'ul',
          { key: 'l' },
          data.duplicates.map((id) => h('li', { key: id }, caseLink(id))),
        ),
      ]
    : [];
  if (submission.duplicate_of) {
    return section(
      'duplicates',
      t('duplicates'),
      postForm(
        session,
        `${base}/duplicate/undo`,
        undefined,
        h('p', null, t('duplicateUndoHelp', { reference: submission.duplicate_of })),
        h('button', { type: 'submit' }, t('duplicateUndo')),
      ),
      ...copies,
    );
  }
  const described = error ? 'duplicate-help duplicate-error' : 'duplicate-help';
  return section(
    'duplicates',
    t('duplicates'),
    postForm(
      session,
      `${base}/duplicate`,
      undefined,
      field(
        h('label', { htmlFor: 'duplicate-of' }, t('duplicateLabel')),
        h('span', { id: 'duplicate-help', className: 'help' }, t('duplicateHelp')),
        error ? h('span', { id: 'duplicate-error', className: 'error' }, error.error) : null,
        h('input', {
          id: 'duplicate-of',
          name: 'reference',
          type: 'text',
          autoComplete: 'off',
          spellCheck: false,
          defaultValue: error?.text ?? '',
          'aria-describedby': described,
          ...(error ? { 'aria-invalid': true } : {}),
        }),
      ),
      h('button', { type: 'submit' }, t('duplicateButton')),
    ),
    ...copies,
  );
}
