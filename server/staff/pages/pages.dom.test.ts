// Every page of the back office rendered with fixed data (server/testing/staff-pages.ts): the
// exact structure of its bar and main region in English (headings, texts, forms with their
// fields, tables with their rows), and no WCAG 2.2 AA violation that axe finds in its HTML in
// any of the four staff languages. The styled pages are checked in a browser by
// tests/e2e/back-office.spec.ts (focus, contrast, 360 px).
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { outline } from '../../testing/page-outline.ts';
import { pageContext, staffPages } from '../../testing/staff-pages.ts';
import { STAFF_LANGUAGES } from '../messages.ts';
import { documentOf } from './document.ts';

const pages = staffPages('en');

/** The bar of a page before sign-in: the back office's name only. */
const BAR_SIGNED_OUT = ['p: Back office of the central desk'];
/** An agent's bar: the inbox, who is signed in, the language form and sign-out. */
const BAR_AGENT = [
  'p: Back office of the central desk',
  'nav "Back office of the central desk"',
  '  link /staff: Inbox',
  '  span: Signed in as Jan Janssens',
  '  form POST /staff/language',
  '    hidden csrf',
  '    select#staff-language "Language" [Dutch | French | German | English]',
  '    button: Change language',
  '  form POST /staff/sign-out',
  '    hidden csrf',
  '    button: Sign out',
];
/** An administrator's bar: the Staff page and the audit log too. */
const BAR_ADMIN = [
  'p: Back office of the central desk',
  'nav "Back office of the central desk"',
  '  link /staff: Inbox',
  '  link /staff/members: Staff',
  '  link /staff/audit: Audit log',
  '  span: Signed in as An Peeters',
  '  form POST /staff/language',
  '    hidden csrf',
  '    select#staff-language "Language" [Dutch | French | German | English]',
  '    button: Change language',
  '  form POST /staff/sign-out',
  '    hidden csrf',
  '    button: Sign out',
];

describe('the pages in English', () => {
  it('sign-in: the passkey form with its status and error regions', () => {
    expect(outline(pages['sign-in'] ?? '')).toEqual({
      lang: 'en',
      title: 'Sign in – Back office of the central desk',
      bar: BAR_SIGNED_OUT,
      main: [
        'h1: Sign in',
        'p: Sign in with your passkey: your device asks for your fingerprint, face, PIN or security key.',
        'form for the passkey script (sign-in)',
        '  button: Sign in with a passkey',
        '  p[status]: ',
        '  p[alert]: ',
      ],
    });
  });

  it('sign-in with OpenID Connect configured: the organisation’s link too', () => {
    expect(outline(pages['sign-in with an organisation'] ?? '')).toEqual({
      lang: 'en',
      title: 'Sign in – Back office of the central desk',
      bar: BAR_SIGNED_OUT,
      main: [
        'h1: Sign in',
        'p: Sign in with your passkey: your device asks for your fingerprint, face, PIN or security key.',
        'form for the passkey script (sign-in)',
        '  button: Sign in with a passkey',
        '  p[status]: ',
        '  p[alert]: ',
        'p: Sign in with your organisation’s account (link /staff/oidc/start)',
      ],
    });
  });

  it('enrolment: the name field inside the passkey form', () => {
    expect(outline(pages['enrol'] ?? '')).toEqual({
      lang: 'en',
      title: 'Create your passkey – Back office of the central desk',
      bar: BAR_SIGNED_OUT,
      main: [
        'h1: Create your passkey',
        'p: You are invited to the back office of the central desk. Create a passkey on this device: it replaces a password.',
        'form for the passkey script (enrol)',
        '  input#display-name "Your name, as colleagues see it" (described by passkey-error)',
        '  button: Create my passkey',
        '  p[status]: ',
        '  p[alert]: ',
      ],
    });
  });

  it('after an organisation sign-in: one link to the inbox', () => {
    expect(outline(pages['signed in'] ?? '')).toEqual({
      lang: 'en',
      title: 'You are signed in – Back office of the central desk',
      bar: BAR_AGENT,
      main: ['h1: You are signed in', 'p: Continue to the inbox (link /staff)'],
    });
  });

  it('a message page: its sentence and, signed in, the way back', () => {
    expect(outline(pages['message'] ?? '')).toEqual({
      lang: 'en',
      title: 'Not found – Back office of the central desk',
      bar: BAR_AGENT,
      main: [
        'h1: Not found',
        'p: There is no such page or submission. Go back to the inbox.',
        'p: Back to the inbox (link /staff)',
      ],
    });
  });

  it('the inbox of an agent: lookup, filters, count, table and pages, no export', () => {
    expect(outline(pages['inbox (agent)'] ?? '')).toEqual({
      lang: 'en',
      title: 'Inbox – Back office of the central desk',
      bar: BAR_AGENT,
      main: [
        'h1: Inbox',
        'form GET /staff/find [search]',
        '  span: As the visitor reads it out, for example K7QD-M2XA-9F.',
        '  input#reference "Find a reference" (described by reference-help)',
        '  button: Find',
        'form GET /staff',
        '  fieldset',
        '    legend: Filters',
        '    select#filter-status "Status" [All | New | In progress | Answered | Closed]',
        '    select#filter-form "Form" [All | Contact]',
        '    select#filter-topic "Topic" [All | Financial aid]',
        '    select#filter-lang "Language of the visitor" [All | Dutch | French | German | English]',
        '    select#filter-assignee "Handled by" [All | Nobody yet | Jan Janssens]',
        '    button: Show',
        'p[status]: 120 submissions',
        'div[region] "inbox-count"',
        '  table: Reference | Received | Form | Topic | Language | Status | Handled by',
        '    row: K7QD-M2XA-9F | 2 Mar 2026, 10:15 | Contact | Financial aid | French | New | Nobody yet',
        '    row: B4RT-7YHN-2C | 1 Mar 2026, 17:40 | Contact |  | Dutch | In progress | Jan Janssens',
        'nav "Pages"',
        '  link /staff?status=new: Previous page',
        '  span: Page 2 of 3',
        '  link /staff?status=new&page=3: Next page',
      ],
    });
  });

  it('the inbox of an administrator after a lookup that found nothing: the confirmation, the error on the field, the export', () => {
    expect(outline(pages['inbox (admin, a lookup that found nothing)'] ?? '')).toEqual({
      lang: 'en',
      title: 'Inbox – Back office of the central desk',
      bar: BAR_ADMIN,
      main: [
        'h1: Inbox',
        'p[status]: Submission B4RT-7YHN-2C and its files are deleted.',
        'form GET /staff/find [search]',
        '  span: As the visitor reads it out, for example K7QD-M2XA-9F.',
        '  span: A reference has 10 letters and digits, for example K7QD-M2XA-9F. Check what you typed.',
        '  input#reference "Find a reference" = "K7QD" (invalid, described by reference-error reference-help)',
        '  button: Find',
        'form GET /staff',
        '  fieldset',
        '    legend: Filters',
        '    select#filter-status "Status" [All | New | In progress | Answered | Closed]',
        '    select#filter-form "Form" [All | Contact]',
        '    select#filter-topic "Topic" [All | Financial aid]',
        '    select#filter-lang "Language of the visitor" [All | Dutch | French | German | English]',
        '    select#filter-assignee "Handled by" [All | Nobody yet | Jan Janssens]',
        '    button: Show',
        'p[status]: 120 submissions',
        'div[region] "inbox-count"',
        '  table: Reference | Received | Form | Topic | Language | Status | Handled by',
        '    row: K7QD-M2XA-9F | 2 Mar 2026, 10:15 | Contact | Financial aid | French | New | Nobody yet',
        '    row: B4RT-7YHN-2C | 1 Mar 2026, 17:40 | Contact |  | Dutch | In progress | Jan Janssens',
        'nav "Pages"',
        '  link /staff?status=new: Previous page',
        '  span: Page 2 of 3',
        '  link /staff?status=new&page=3: Next page',
        'form GET /staff/export',
        '  fieldset',
        '    legend: Export a form’s submissions (administrators)',
        '    select#export-form "Form" [Contact]',
        '    select#export-format "File type" [CSV (;) | Excel (XLSX)]',
        '    button: Download the export',
      ],
    });
  });

  it('an empty inbox says so, without a table or pages', () => {
    expect(outline(pages['inbox (empty)'] ?? '')).toEqual({
      lang: 'en',
      title: 'Inbox – Back office of the central desk',
      bar: BAR_AGENT,
      main: [
        'h1: Inbox',
        'form GET /staff/find [search]',
        '  span: As the visitor reads it out, for example K7QD-M2XA-9F.',
        '  input#reference "Find a reference" (described by reference-help)',
        '  button: Find',
        'form GET /staff',
        '  fieldset',
        '    legend: Filters',
        '    select#filter-status "Status" [All | New | In progress | Answered | Closed]',
        '    select#filter-form "Form" [All | Contact]',
        '    select#filter-topic "Topic" [All | Financial aid]',
        '    select#filter-lang "Language of the visitor" [All | Dutch | French | German | English]',
        '    select#filter-assignee "Handled by" [All | Nobody yet | Jan Janssens]',
        '    button: Show',
        'p[status]: No submission',
        'p: No submission matches these filters.',
      ],
    });
  });

  it('a submission for an agent: facts, answers in both languages, handling, notes, history; no deletion', () => {
    expect(outline(pages['submission (agent)'] ?? '')).toEqual({
      lang: 'en',
      title: 'Submission K7QD-M2XA-9F – Back office of the central desk',
      bar: BAR_AGENT,
      main: [
        'h1: Submission K7QD-M2XA-9F',
        'p: Back to the inbox (link /staff)',
        'p[status]: You handle this submission now.',
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
        '      dt: A documentAs the visitor saw it (French): Un document',
        '      dd: Download attestation.pdf (47.1 kB)',
        'section "handling"',
        '  h2: Handling',
        '  p: Handled by: Nobody yet',
        '  form POST /staff/submissions/K7QD-M2XA-9F/take',
        '    hidden csrf',
        '    button: Take it',
        '  form POST /staff/submissions/K7QD-M2XA-9F/status',
        '    hidden csrf',
        '    select#status "Status" [New | In progress | Answered | Closed]',
        '    button: Change status',
        'section "notes"',
        '  h2: Internal notes',
        '  ul',
        '    li: Jan Janssens, 2 Mar 2026, 11:00 Called back.',
        '  form POST /staff/submissions/K7QD-M2XA-9F/notes',
        '    hidden csrf',
        '    textarea#note "New note (the visitor never sees it)"',
        '    button: Add note',
        'section "history"',
        '  h2: History',
        '  ol',
        '    li: 2 Mar 2026, 10:30 Jan Janssens opened it',
        '    li: 2 Mar 2026, 10:45 Jan Janssens changed the status: New → In progress',
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
        '      dt: A documentAs the visitor saw it (French): Un document',
        '      dd: Download attestation.pdf (47.1 kB)',
        'section "handling"',
        '  h2: Handling',
        '  p: Handled by: Nobody yet',
        '  form POST /staff/submissions/K7QD-M2XA-9F/take',
        '    hidden csrf',
        '    button: Take it',
        '  form POST /staff/submissions/K7QD-M2XA-9F/status',
        '    hidden csrf',
        '    select#status "Status" [New | In progress | Answered | Closed]',
        '    button: Change status',
        'section "notes"',
        '  h2: Internal notes',
        '  ul',
        '    li: Jan Janssens, 2 Mar 2026, 11:00 Called back.',
        '  form POST /staff/submissions/K7QD-M2XA-9F/notes',
        '    hidden csrf',
        '    span: Write a note before adding it.',
        '    textarea#note "New note (the visitor never sees it)" (invalid, described by note-error)',
        '    button: Add note',
        'section "history"',
        '  h2: History',
        '  ol',
        '    li: 2 Mar 2026, 10:30 Jan Janssens opened it',
        '    li: 2 Mar 2026, 10:45 Jan Janssens changed the status: New → In progress',
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

  it('the Staff page: members with their role, state and passkeys, the pending invitations, the invitation form', () => {
    expect(outline(pages['members'] ?? '')).toEqual({
      lang: 'en',
      title: 'Staff – Back office of the central desk',
      bar: BAR_ADMIN,
      main: [
        'h1: Staff',
        'div[region] "Staff"',
        '  table: Name | E-mail address | Role | State | Passkeys',
        '    row: An Peeters | admin@example.be | Role of An Peeters Agent Administrator Change role | Active Revoke An Peeters | 1 passkey5 Jan 2026, 09:01, last used 2 Mar 2026, 09:00',
        '    row: Marc Dubois | old@example.be | Agent | Revoked on 1 Feb 2026, 13:00 | None',
        'section',
        '  h2: Pending invitations',
        '  div[region] "invitations"',
        '    table: E-mail address | Role | Language of the back office | Made | Valid until | ',
        '      row: new@example.be | Agent | German | 2 Mar 2026, 09:00 | 3 Mar 2026, 09:00 | Cancel the invitation for new@example.be',
        'form POST /staff/members/invite',
        '  hidden csrf',
        '  fieldset',
        '    legend: Invite a member of staff',
        '    input[email]#invite-email "E-mail address"',
        '    select#invite-role "Role" [Agent | Administrator]',
        '    select#invite-lang "Language of the back office" [Dutch | French | German | English]',
        '    button: Create the invitation',
      ],
    });
  });

  it('the Staff page after an invitation and a refusal: the link shown once, the alert, the error on the field', () => {
    expect(outline(pages['members (an invitation made, an address refused)'] ?? '')).toEqual({
      lang: 'en',
      title: 'Staff – Back office of the central desk',
      bar: BAR_ADMIN,
      main: [
        'h1: Staff',
        'p[alert]: At least one administrator must remain. Make another member administrator first.',
        'div[status]',
        '  p: Invitation for new@example.be. Give them this link by a channel you trust: it works once, for 24 hours.',
        '  p: https://staff.example/#token=x',
        '  p: This address belongs to a revoked member: when they use the link, they are back, with the role of the invitation.',
        'div[region] "Staff"',
        '  table: Name | E-mail address | Role | State | Passkeys',
        '    row: An Peeters | admin@example.be | Role of An Peeters Agent Administrator Change role | Active Revoke An Peeters | 1 passkey5 Jan 2026, 09:01, last used 2 Mar 2026, 09:00',
        '    row: Marc Dubois | old@example.be | Agent | Revoked on 1 Feb 2026, 13:00 | None',
        'section',
        '  h2: Pending invitations',
        '  p: No invitation is waiting to be used.',
        'form POST /staff/members/invite',
        '  hidden csrf',
        '  fieldset',
        '    legend: Invite a member of staff',
        '    span: Write an e-mail address, such as name@example.be.',
        '    input[email]#invite-email "E-mail address" = "not-an-address" (invalid, described by invite-error)',
        '    select#invite-role "Role" [Agent | Administrator]',
        '    select#invite-lang "Language of the back office" [Dutch | French | German | English]',
        '    button: Create the invitation',
      ],
    });
  });

  it('the audit log: its newest lines in a table, and the whole log as CSV', () => {
    expect(outline(pages['audit'] ?? '')).toEqual({
      lang: 'en',
      title: 'Audit log – Back office of the central desk',
      bar: BAR_ADMIN,
      main: [
        'h1: Audit log',
        'p: The newest 2 lines. No line is ever changed or removed.',
        'p: Download the whole audit log (CSV) (link /staff/audit/export)',
        'div[region] "Audit log"',
        '  table: When | Who | E-mail address | Member id | What | Submission | Detail',
        '    row: 2 Mar 2026, 10:30 | Jan Janssens | agent@example.be | agent-1 | viewed | K7QD-M2XA-9F | ',
        '    row: 2 Mar 2026, 10:45 | Jan Janssens | agent@example.be | agent-1 | status | K7QD-M2XA-9F | new → in_progress',
      ],
    });
  });
});

/** The WCAG 2.2 AA rules, as tests/e2e/helpers.ts WCAG_22_AA. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// One document (jsdom's: a *.dom.test.ts runs in Vitest's jsdom environment), each page's swapped in: a new window per
// page would take most of the time. Colour contrast needs a browser's layout (the e2e test
// checks it).

/** The axe violations of a page's HTML as "rule: targets" lines (empty when none). */
async function axeViolations(html: string): Promise<string[]> {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.replaceChild(
    document.importNode(parsed.documentElement, true),
    document.documentElement,
  );
  const results = await axe.run(document, {
    runOnly: { type: 'tag', values: WCAG_22_AA },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

describe('axe finds no WCAG 2.2 AA violation', () => {
  it('but does find one in a page that has it (a field without a label)', async () => {
    const broken = documentOf(pageContext('en', 'agent'), 'Broken', null);
    expect(await axeViolations(broken.replace('</main>', '<input id="x"></main>'))).toEqual([
      'label: #x',
    ]);
  });

  for (const lang of STAFF_LANGUAGES) {
    describe(`in ${lang}`, () => {
      for (const [name, html] of Object.entries(staffPages(lang))) {
        it(name, async () => {
          expect(outline(html).lang).toBe(lang);
          expect(await axeViolations(html)).toEqual([]);
        });
      }
    });
  }
});

describe('each page has the structure of the English one', () => {
  /** A page's outline without its texts: the kind of each line, at its depth. */
  const shape = (html: string) =>
    outline(html).main.map((line) => /^\s*[\w[\]#-]+/.exec(line)?.[0] ?? line);
  for (const lang of STAFF_LANGUAGES.filter((id) => id !== 'en')) {
    it(`in ${lang}, with its own texts`, () => {
      const local = staffPages(lang);
      for (const [name, html] of Object.entries(pages)) {
        const localHtml = local[name] ?? '';
        expect(shape(localHtml), name).toEqual(shape(html));
        expect(outline(localHtml).title, name).not.toBe(outline(html).title);
      }
    });
  }
});
