// One submission: its facts, the visitor's answers and files, who handles it and its status
// (desk-cases.ts, with its duplicates), the desk's notes, its history, and (administrators) its
// deletion after a confirmation.
import { createElement as h, Fragment } from 'react';
import type { AnswerRow } from '../answers.ts';
import type { SubmissionView } from '../inbox.ts';
import { conversationSections, type ConversationData } from './conversation.ts';
import {
  caseLink,
  duplicatesSection,
  handlingSection,
  section,
  type DeskCaseData,
} from './desk-cases.ts';
import { documentOf, type PageContext } from './document.ts';
import { inListHref } from './inbox.ts';
import { historySentence, languageName, statusName } from './labels.ts';
import { dateTime, field, fileLinks, postForm } from './parts.ts';

export interface SubmissionPageData extends DeskCaseData {
  submission: SubmissionView;
  formTitle: string;
  answers: AnswerRow[];
  /** The confirmation of the action just done, read out as a status. */
  done?: string;
  /** A note that could not be added, with what was typed (nothing typed is lost). */
  noteError?: { text: string; error: string };
  /** Why a deletion was not done. */
  deleteError?: string;
  /** The conversation with the visitor and the composer (issue 41). */
  conversation: ConversationData;
  /** The list it was opened from (its address) and the submissions beside it there. */
  list?: { href: string; previous: string | null; next: string | null };
}

/** Previous and next in the list it was opened from, and back to it; else back to the inbox. */
function listNavigation(context: PageContext, list: SubmissionPageData['list']) {
  const { t } = context;
  if (!list) return h('p', null, h('a', { href: '/staff' }, t('backToInbox')));
  const link = (id: string | null, rel: string, text: string) =>
    id ? h('a', { href: inListHref(id, list.href), rel }, text) : null;
  return h(
    'nav',
    { className: 'pages', 'aria-label': t('listNavigation') },
    link(list.previous, 'prev', t('listPrevious')),
    h('a', { href: list.href }, t('listBack')),
    link(list.next, 'next', t('listNext')),
  );
}

/**
 * The link of a visitor's address or number: mailto: with the address encoded (nothing of it
 * adds a header), tel: with digits and a leading + only.
 */
export const contactHref = (kind: 'email' | 'tel', value: string): string =>
  kind === 'email'
    ? `mailto:${encodeURIComponent(value)}`
    : `tel:${value.trim().startsWith('+') ? '+' : ''}${value.replace(/\D/g, '')}`;

/** The visitor's answers: each question (also as the visitor read it) with its answer or files. */
function answersSection(context: PageContext, data: SubmissionPageData, base: string) {
  const { t, lang } = context;
  const { submission } = data;
  // The sentence in the staff member's language around the question in the visitor's.
  const visitorQuestion = (question: string) => {
    const [before = '', after = ''] = t('questionVisitor', {
      language: languageName(t, submission.lang),
      question: '\u0000',
    }).split('\u0000');
    return [before, h('span', { key: 'q', lang: submission.lang }, question), after];
  };
  const answer = (row: AnswerRow) =>
    row.files.length
      ? fileLinks(
          context,
          base,
          row.files.map((file) => ({ token: file.token, name: file.file_name, size: file.size })),
        )
      : row.answer && row.contact
        ? h('a', { href: contactHref(row.contact, row.answer) }, row.answer)
        : (row.answer ?? h('span', { className: 'empty', lang }, t('notAnswered')));
  return section(
    'answers',
    t('answers'),
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
          h('dd', { lang: submission.lang }, answer(row)),
        ),
      ),
    ),
  );
}

/** The desk's notes, and the form that adds one (with what was typed, when refused). */
function notesSection(context: PageContext, data: SubmissionPageData, base: string) {
  const { t, lang, session } = context;
  const { submission, noteError } = data;
  return section(
    'notes',
    t('notes'),
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
    postForm(
      session,
      `${base}/notes`,
      undefined,
      field(
        h('label', { htmlFor: 'note' }, t('noteLabel')),
        noteError ? h('span', { id: 'note-error', className: 'error' }, noteError.error) : null,
        h('textarea', {
          id: 'note',
          name: 'text',
          rows: 4,
          defaultValue: noteError?.text ?? '',
          ...(noteError ? { 'aria-invalid': true, 'aria-describedby': 'note-error' } : {}),
        }),
      ),
      h('button', { type: 'submit' }, t('addNote')),
    ),
  );
}

/** Admins: delete a submission, after ticking a confirmation. */
function deleteSection(context: PageContext, base: string, error: string | undefined) {
  const { t, session } = context;
  return section(
    'delete',
    t('deleteHeading'),
    postForm(
      session,
      `${base}/delete`,
      undefined,
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

/** The page of one submission. */
export function submissionPage(context: PageContext, data: SubmissionPageData): string {
  const { t, lang, session } = context;
  const { submission } = data;
  const base = `/staff/submissions/${submission.id}`;
  return documentOf(
    context,
    t('submissionTitle', { reference: submission.id }),
    h(
      Fragment,
      null,
      listNavigation(context, data.list),
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
        h('dd', null, languageName(t, submission.lang)),
        h('dt', null, t('status')),
        h('dd', null, statusName(t, submission.status)),
        ...(submission.duplicate_of
          ? [
              h('dt', { key: 'dt' }, t('duplicateOf')),
              h('dd', { key: 'dd' }, caseLink(submission.duplicate_of)),
            ]
          : []),
      ),
      answersSection(context, data, base),
      ...conversationSections(context, data.conversation, base),
      handlingSection(context, submission, data),
      duplicatesSection(context, submission, data),
      notesSection(context, data, base),
      section(
        'history',
        t('history'),
        h(
          'ol',
          { className: 'history' },
          submission.history.map((line) =>
            h(
              'li',
              { key: line.id },
              h('time', { dateTime: line.at }, dateTime(line.at, lang)),
              ' ',
              historySentence(t, line),
            ),
          ),
        ),
      ),
      session?.member.role === 'admin' ? deleteSection(context, base, data.deleteError) : null,
    ),
  );
}
