// A submission's page (server/staff/pages/submission.ts): the exact outline of its bar and main
// region in English, for an agent and for an administrator after refused actions. The same pages
// in nl, fr, de and axe's run on all four: pages.dom.test.ts.
import { describe, expect, it } from 'vitest';
import { outline } from '../../testing/page-outline.ts';
import { BAR_AGENT, BAR_ADMIN, staffPages } from '../../testing/staff-pages.ts';
import { contactHref } from './submission.ts';

const pages = staffPages('en');

/** The page of the fixture's submission, from its facts to the note form's CSRF field. */
const FACTS_TO_NOTES = [
  'dl',
  '  dt: Form',
  '  dd: Contact',
  '  dt: Received',
  '  dd: 2 Mar 2026, 10:15',
  '  dt: Language of the visitor',
  '  dd: French',
  '  dt: Status',
  '  dd: New',
  'section "answers"',
  '  h2: What the visitor wrote',
  '  dl',
  '    div',
  '      dt: Your messageAs the visitor saw it (French): Votre message',
  '      dd: Je voudrais savoir comment demander l’aide financière.',
  '    div',
  '      dt: Phone',
  '      dd: (not answered)',
  '    div',
  '      dt: E-mail',
  '      dd: lecteur@example.org',
  '    div',
  '      dt: A documentAs the visitor saw it (French): Un document',
  '      dd: Download attestation.pdf (47.1 kB)',
  // The conversation (issue 41): the desk's answer, then the visitor's reply with its file.
  'section "conversation"',
  '  h2: Conversation with the visitor',
  '  p: The visitor wrote back on 3 Mar 2026, 09:00.',
  '  ol',
  '    li: Jan Janssens, on the follow-up page, 2 Mar 2026, 12:00 Bonjour, nous avons bien reçu votre message.',
  '    li: The visitor, on the follow-up page, 3 Mar 2026, 09:00 Voici la facture. Download facture.pdf (20 kB)',
  'section "answer"',
  '  h2: Answer the visitor',
  '  p: The visitor wrote in French: answer in that language if you can.',
  '  form GET /staff/submissions/K7QD-M2XA-9F',
  '    select#template "Start from a template" [Accusé de réception]',
  '    button: Use this template',
  '  form POST /staff/submissions/K7QD-M2XA-9F/answer',
  '    hidden csrf',
  '    textarea#answer-text "Your answer"',
  '    fieldset',
  '      legend: How to answer',
  '      input[radio]#channel-page "On the follow-up page (the visitor reads it with their code)" = "page" (checked)',
  '      input[radio]#channel-phone "Log a phone call: what was said (the visitor does not see it)" = "phone"',
  '    button: Save the answer',
  'section "notice"',
  '  h2: Message for the visitor',
  '  form POST /staff/submissions/K7QD-M2XA-9F/notice',
  '    hidden csrf',
  '    span: Shown at the top of the follow-up page, for example “We are waiting for the hospital’s invoice.” Never internal notes.',
  '    textarea#notice-text "Message for the visitor" (described by notice-help)',
  '    button: Save the message',
  'section "handling"',
  '  h2: Handling',
  '  p: Handled by: Nobody yet',
  '  form POST /staff/submissions/K7QD-M2XA-9F/take',
  '    hidden csrf',
  '    button: Take it',
  '  form POST /staff/submissions/K7QD-M2XA-9F/assign',
  '    hidden csrf',
  '    select#assignee "Give it to" [Nobody yet | An Peeters | Jan Janssens]',
  '    button: Assign',
  '  form POST /staff/submissions/K7QD-M2XA-9F/status',
  '    hidden csrf',
  '    select#status "Status" [New | In progress | Answered | No answer needed | Closed]',
  '    button: Change status',
  'section "duplicates"',
  '  h2: Duplicates',
  '  form POST /staff/submissions/K7QD-M2XA-9F/duplicate',
  '    hidden csrf',
  '    span: The other case’s reference, as it is read out, such as K7QD M2XA 9F. This case is then closed; the other one stays as it is.',
  '    input[text]#duplicate-of "Mark as a duplicate of" (described by duplicate-help)',
  '    button: Mark as a duplicate',
  'section "notes"',
  '  h2: Internal notes',
  '  ul',
  '    li: Jan Janssens, 2 Mar 2026, 11:00 Called back.',
  '  form POST /staff/submissions/K7QD-M2XA-9F/notes',
  '    hidden csrf',
];
/** Its history: who opened it, who changed its status, which file they downloaded. */
const HISTORY = [
  'section "history"',
  '  h2: History',
  '  ol',
  '    li: 2 Mar 2026, 10:30 Jan Janssens opened it',
  '    li: 2 Mar 2026, 10:45 Jan Janssens changed the status: New → In progress',
  '    li: 2 Mar 2026, 10:50 Jan Janssens downloaded “facture.pdf”',
];

describe('a submission’s page in English', () => {
  it('a submission for an agent: facts, answers in both languages, handling, notes, history; no deletion', () => {
    expect(outline(pages['submission (agent)'] ?? '')).toEqual({
      lang: 'en',
      title: 'Submission K7QD-M2XA-9F – Back office of the central desk',
      bar: BAR_AGENT,
      main: [
        'h1: Submission K7QD-M2XA-9F',
        'p: Back to the inbox (link /staff)',
        'p[status]: You handle this submission now.',
        ...FACTS_TO_NOTES,
        '    textarea#note "New note (the visitor never sees it)"',
        '    button: Add note',
        ...HISTORY,
      ],
    });
  });

  it('a submission for an administrator after a refused note and deletion: each error on its field, what was typed kept', () => {
    expect(outline(pages['submission (admin, refused note and deletion)'] ?? '')).toEqual({
      lang: 'en',
      title: 'Submission K7QD-M2XA-9F – Back office of the central desk',
      bar: BAR_ADMIN,
      main: [
        'h1: Submission K7QD-M2XA-9F',
        'p: Back to the inbox (link /staff)',
        'p[status]: ',
        ...FACTS_TO_NOTES,
        '    span: Write a note before adding it.',
        '    textarea#note "New note (the visitor never sees it)" (invalid, described by note-error)',
        '    button: Add note',
        ...HISTORY,
        'section "delete"',
        '  h2: Delete (a visitor’s erasure request)',
        '  form POST /staff/submissions/K7QD-M2XA-9F/delete',
        '    hidden csrf',
        '    p: Tick the confirmation before deleting.',
        '    input[checkbox]#delete-confirm "I confirm the visitor asked for their data to be erased. This cannot be undone." = "yes" (invalid, described by delete-error)',
        '    button: Delete this submission',
      ],
    });
  });
});

describe('a visitor’s address and number', () => {
  it('are links the desk opens in its mail or phone app, with nothing added to them', () => {
    const page = new DOMParser().parseFromString(pages['submission (agent)'] ?? '', 'text/html');
    expect(page.querySelector('.answers a[href^="mailto:"]')?.getAttribute('href')).toBe(
      'mailto:lecteur%40example.org',
    );
    expect(contactHref('email', 'a@example.org?cc=b@example.org')).toBe(
      'mailto:a%40example.org%3Fcc%3Db%40example.org',
    );
    expect(contactHref('tel', '+32 (0)2 542 72 24')).toBe('tel:+32025427224');
    expect(contactHref('tel', '02 542 72 24; javascript:alert(1)')).toBe('tel:0254272241');
  });
});
