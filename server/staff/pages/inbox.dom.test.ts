// The inbox (server/staff/pages/inbox.ts): the exact outline of its bar and main region in
// English, for an agent, for an administrator after a lookup that found nothing, and empty. The
// same pages in nl, fr, de and axe's run on all four: pages.dom.test.ts.
import { describe, expect, it } from 'vitest';
import { outline } from '../../testing/page-outline.ts';
import { BAR_AGENT, BAR_ADMIN, staffPages } from '../../testing/staff-pages.ts';

const pages = staffPages('en');

/** The views offered to all, the member's own with its delete button, and the form to save one. */
const VIEWS = [
  'section "views-heading"',
  '  h2: Views',
  '  ul',
  '    li: My open cases',
  '    li: New today',
  '    li: Overdue',
  '    li: Rappels FR Delete the view “Rappels FR”',
  '  form POST /staff/views',
  '    hidden csrf',
  '    hidden query',
  '    input#view-name "Name of the view"',
  '    button: Save these filters as a view',
];
/** The filters' form, with the fixture's forms, topics and members. */
const FILTERS = [
  ...VIEWS,
  'form GET /staff',
  '  fieldset',
  '    legend: Filters',
  '    span: Words of the message, a name or a file name. The start of a word is enough: “kine” finds “kinésithérapeute”.',
  '    input[search]#filter-q "Search in what visitors wrote" (described by filter-q-help)',
  '    select#filter-status "Status" [All | New | In progress | Answered | No answer needed | Closed]',
  '    select#filter-form "Form" [All | Contact]',
  '    select#filter-topic "Topic" [All | Financial aid]',
  '    select#filter-lang "Language of the visitor" [All | Dutch | French | German | English]',
  '    select#filter-assignee "Handled by" [All | Nobody yet | Jan Janssens]',
  '    select#filter-channel "Answer by" [All | E-mail | Phone | No answer needed | Follow-up page]',
  '    span: Day/month/year, for example 03/02/2026.',
  '    input#filter-from "Received from" (described by filter-from-help)',
  '    span: Day/month/year, for example 03/02/2026.',
  '    input#filter-to "Received up to" (described by filter-to-help)',
  '    div',
  '      input[checkbox]#filter-open "Open only (new or in progress)" = "1"',
  '    div',
  '      input[checkbox]#filter-waiting "Waiting for the visitor (answered)" = "1"',
  '    div',
  '      input[checkbox]#filter-wrote "The visitor wrote back" = "1"',
  '    div',
  '      input[checkbox]#filter-overdue "Overdue: open for more than 5 days" = "1"',
  '    div',
  '      input[checkbox]#filter-feedback "Include the answers to “Was this page useful?”" = "1"',
  '    button: Show',
];
/** The bulk actions under the table (the rows' checkboxes belong to it: see below). */
const BULK = [
  'form POST /staff/bulk',
  '  hidden csrf',
  '  hidden list',
  '  fieldset',
  '    legend: With the selected submissions',
  '    select#bulk-status "Set the status to" [unchanged | New | In progress | Answered | No answer needed | Closed]',
  '    select#bulk-member "Hand to" [unchanged | An Peeters | Jan Janssens]',
  '    button: Apply to the selected submissions',
];
/** Page 2 of the fixture's 120 submissions filtered on New: the count, the table, the pages. */
const LISTING = [
  'p[status]: 120 submissions',
  'div[region] "inbox-count"',
  '  table:  | Reference | Received | Form | Topic | Message | Language | Status | Handled by | Answer by',
  '    row:  | K7QD-M2XA-9F | 2 Mar 2026, 10:15 | Contact | Financial aid | La facture du kinésithérapeute après l’attentat n’est pas… | French | New Wrote back | Nobody yet | E-mail, follow-up page',
  '    row:  | B4RT-7YHN-2C | 1 Mar 2026, 17:40 | Contact |  |  | Dutch | In progress | Jan Janssens | Not recorded',
  'nav "Pages"',
  '  link /staff?status=new: Previous page',
  '  span: Page 2 of 3',
  '  link /staff?status=new&after=%7E2026-03-01T16%3A40%3A00.000Z%7EB4RT-7YHN-2C&page=3: Next page',
  ...BULK,
];

describe('the inbox in English', () => {
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
        ...FILTERS,
        ...LISTING,
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
        ...FILTERS,
        ...LISTING,
        'form GET /staff/export',
        '  fieldset',
        '    legend: Export this list (administrators)',
        '    p: The 120 submissions of the list as filtered above, in your language. The export is written in the audit log.',
        '    hidden status',
        '    select#export-format "File type" [Table, CSV (;) | Table, Excel (XLSX) | The attached files, ZIP]',
        '    div',
        '      input[checkbox]#export-notes "Add the desk’s notes (tables only)" = "1"',
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
        ...FILTERS,
        'p[status]: No submission',
        'p: No submission matches these filters.',
      ],
    });
  });
});

describe('the inbox’s new filters in English', () => {
  it('keeps a refused date as typed with its error, and the filters that are on', () => {
    expect(outline(pages['inbox (a date refused, filters on)'] ?? '').main).toEqual([
      'h1: Inbox',
      'form GET /staff/find [search]',
      '  span: As the visitor reads it out, for example K7QD-M2XA-9F.',
      '  input#reference "Find a reference" (described by reference-help)',
      '  button: Find',
      ...FILTERS.slice(0, 23),
      '    span: Day/month/year, for example 03/02/2026.',
      '    input#filter-from "Received from" = "01/03/2026" (described by filter-from-help)',
      '    span: Day/month/year, for example 03/02/2026.',
      '    span: Write the date as day/month/year, for example 03/02/2026.',
      '    input#filter-to "Received up to" = "31/02/2026" (invalid, described by filter-to-error filter-to-help)',
      '    div',
      '      input[checkbox]#filter-open "Open only (new or in progress)" = "1"',
      '    div',
      '      input[checkbox]#filter-waiting "Waiting for the visitor (answered)" = "1" (checked)',
      '    div',
      '      input[checkbox]#filter-wrote "The visitor wrote back" = "1" (checked)',
      '    div',
      '      input[checkbox]#filter-overdue "Overdue: open for more than 5 days" = "1" (checked)',
      '    div',
      '      input[checkbox]#filter-feedback "Include the answers to “Was this page useful?”" = "1"',
      '    button: Show',
      ...LISTING.slice(0, 6),
      '  span: Page 1 of 3',
      '  link /staff?from=01%2F03%2F2026&waiting=1&wrote=1&overdue=1&after=%7E2026-03-01T16%3A40%3A00.000Z%7EB4RT-7YHN-2C&page=2: Next page',
      ...BULK,
    ]);
  });
});

describe('the bulk actions in English', () => {
  /** The inbox page's document, parsed. */
  const parse = (name: string) => new DOMParser().parseFromString(pages[name] ?? '', 'text/html');

  it('gives each row a checkbox of the bulk form, named by its reference, and links it with its list', () => {
    const page = parse('inbox (agent)');
    const boxes = [...page.querySelectorAll<HTMLInputElement>('tbody input[type=checkbox]')];
    expect(
      boxes.map((box) => [box.name, box.value, box.getAttribute('form'), box.ariaLabel]),
    ).toEqual([
      ['ids', 'K7QD-M2XA-9F', 'bulk', 'Select K7QD-M2XA-9F'],
      ['ids', 'B4RT-7YHN-2C', 'bulk', 'Select B4RT-7YHN-2C'],
    ]);
    expect(boxes.some((box) => box.checked)).toBe(false);
    // The page the fixture shows: New, page 2 (the page's number is only a label without a cursor).
    expect(page.querySelector<HTMLInputElement>('#bulk [name=list]')?.value).toBe(
      '/staff?status=new',
    );
    expect(page.querySelector('tbody th a')?.getAttribute('href')).toBe(
      '/staff/submissions/K7QD-M2XA-9F?list=%2Fstaff%3Fstatus%3Dnew',
    );
  });

  it('keeps what a refused action posted, with why, read out at once', () => {
    const page = parse('inbox (a bulk action refused)');
    const checked = page.querySelectorAll<HTMLInputElement>('tbody input:checked');
    expect([...checked].map((box) => box.value)).toEqual(['B4RT-7YHN-2C']);
    expect(page.querySelector<HTMLSelectElement>('#bulk-status')?.value).toBe('closed');
    expect(page.querySelector<HTMLSelectElement>('#bulk-member')?.value).toBe('');
    const error = page.querySelector('#bulk-error');
    expect(error?.getAttribute('role')).toBe('alert');
    expect(error?.textContent).toBe(
      'Nothing was changed: these 2 selected submissions no longer exist (deleted in the meantime?): ZZZZ-0000-00, ZZZZ-0000-01. Select again.',
    );
    expect(page.querySelector('#bulk fieldset')?.getAttribute('aria-describedby')).toBe(
      'bulk-error',
    );
  });
});
