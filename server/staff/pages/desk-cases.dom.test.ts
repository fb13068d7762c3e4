// The submission page's desk actions (server/staff/pages/desk-cases.ts) in English: another
// member's case offers "Take over" and asks first, a refused assignment and duplicate keep what
// was chosen or typed with their errors, a duplicate links to its original and can be undone,
// the original lists its duplicates, and the history names whom a case was given to.
import { describe, expect, it } from 'vitest';
import { outline } from '../../testing/page-outline.ts';
import { staffPages } from '../../testing/staff-pages.ts';

const pages = staffPages('en');
const ASKED =
  'submission (admin, another’s case: take over asked, assignment and duplicate refused)';
const DUPLICATE = 'submission (admin, another’s case, a duplicate)';

/** The page's main region from the section `from` up to the section `to`. */
function between(page: string, from: string, to: string): string[] {
  const main = outline(pages[page] ?? '').main;
  return main.slice(main.indexOf(`section "${from}"`), main.indexOf(`section "${to}"`));
}

const ASSIGN_AND_STATUS = [
  '  form POST /staff/submissions/K7QD-M2XA-9F/status',
  '    hidden csrf',
  '    select#status "Status" [New | In progress | Answered | No answer needed | Closed]',
  '    button: Change status',
];

describe('another member’s case', () => {
  it('asks before taking it over, and shows why an assignment and a duplicate were refused', () => {
    expect(between(ASKED, 'handling', 'notes')).toEqual([
      'section "handling"',
      '  h2: Handling',
      '  p: Handled by: Jan Janssens',
      '  div[group] "take-over-question"',
      '    p: Jan Janssens handles this case. Do you take it over? The history will say that you did.',
      '    form POST /staff/submissions/K7QD-M2XA-9F/take',
      '      hidden csrf',
      '      hidden confirm',
      '      hidden from',
      '      button: Yes, take it over',
      '      link /staff/submissions/K7QD-M2XA-9F#handling: No, leave it with Jan Janssens',
      '  form POST /staff/submissions/K7QD-M2XA-9F/assign',
      '    hidden csrf',
      '    span: Choose a member of staff from the list: this one cannot handle cases.',
      '    select#assignee "Give it to" [An Peeters | Jan Janssens] (invalid, described by assign-error)',
      '    button: Assign',
      ...ASSIGN_AND_STATUS,
      'section "duplicates"',
      '  h2: Duplicates',
      '  form POST /staff/submissions/K7QD-M2XA-9F/duplicate',
      '    hidden csrf',
      '    span: The other case’s reference, as it is read out, such as K7QD M2XA 9F. This case is then closed; the other one stays as it is.',
      '    span: A case cannot be a duplicate of itself: write the other case’s reference.',
      '    input[text]#duplicate-of "Mark as a duplicate of" = "K7QD M2XA 9F" (invalid, described by duplicate-help duplicate-error)',
      '    button: Mark as a duplicate',
      '  ul',
      '    li: B4RT-7YHN-2C',
    ]);
    const page = new DOMParser().parseFromString(pages[ASKED] ?? '', 'text/html');
    const form = page.querySelector('form[action$="/take"]');
    expect(form?.querySelector<HTMLInputElement>('[name=confirm]')?.value).toBe('yes');
    expect(form?.querySelector<HTMLInputElement>('[name=from]')?.value).toBe('agent-1');
    expect(page.querySelector<HTMLSelectElement>('#assignee')?.value).toBe('agent-1');
    const copies = page.querySelector('#duplicates ~ h3');
    expect(copies?.textContent).toBe('Duplicates of this case');
    expect(copies?.nextElementSibling?.querySelector('a')?.getAttribute('href')).toBe(
      '/staff/submissions/B4RT-7YHN-2C',
    );
  });

  it('offers "Take over" as a question that changes nothing yet', () => {
    const main = outline(pages[DUPLICATE] ?? '').main;
    const at = main.indexOf('  p: Handled by: Jan Janssens');
    expect(main.slice(at, at + 4)).toEqual([
      '  p: Handled by: Jan Janssens',
      '  form GET /staff/submissions/K7QD-M2XA-9F#handling',
      '    hidden ask',
      '    button: Take over',
    ]);
  });
});

describe('a duplicate', () => {
  it('links to its original in its facts, and can be undone', () => {
    const main = outline(pages[DUPLICATE] ?? '').main;
    expect(main.slice(main.indexOf('  dt: Status'), main.indexOf('section "answers"'))).toEqual([
      '  dt: Status',
      '  dd: Closed',
      '  dt: Duplicate of',
      '  dd: H8WZ-3KPD-4M',
    ]);
    const page = new DOMParser().parseFromString(pages[DUPLICATE] ?? '', 'text/html');
    expect(page.querySelector('.facts dd:last-child a')?.getAttribute('href')).toBe(
      '/staff/submissions/H8WZ-3KPD-4M',
    );
    expect(main).toContain('p[status]: Marked as a duplicate of H8WZ-3KPD-4M: the case is closed.');
    expect(between(DUPLICATE, 'duplicates', 'notes')).toEqual([
      'section "duplicates"',
      '  h2: Duplicates',
      '  form POST /staff/submissions/K7QD-M2XA-9F/duplicate/undo',
      '    hidden csrf',
      '    p: This case is a duplicate of H8WZ-3KPD-4M, and closed. Undoing gives it back the status it had.',
      '    button: Not a duplicate',
    ]);
  });
});

describe('the history', () => {
  it('names whom a case was given to or taken from, and the duplicate’s original', () => {
    const main = outline(pages[ASKED] ?? '').main;
    expect(main.slice(main.indexOf('section "history"') + 6)).toEqual([
      '    li: 4 Mar 2026, 11:00 An Peeters gave it to Jan Janssens',
      '    li: 4 Mar 2026, 11:01 An Peeters took it over from Jan Janssens',
      '    li: 4 Mar 2026, 11:02 Jan Janssens marked it as a duplicate of H8WZ-3KPD-4M',
      '    li: 4 Mar 2026, 11:03 Jan Janssens undid “duplicate of H8WZ-3KPD-4M”',
      '    li: 4 Mar 2026, 11:04 An Peeters gave it to Jan Janssens',
      'section "delete"',
      '  h2: Delete (a visitor’s erasure request)',
      '  form POST /staff/submissions/K7QD-M2XA-9F/delete',
      '    hidden csrf',
      '    input[checkbox]#delete-confirm "I confirm the visitor asked for their data to be erased. This cannot be undone." = "yes"',
      '    button: Delete this submission',
    ]);
  });
});

describe('a case opened from a list', () => {
  it('links to the one before it in the list, back to the list, and no next at its end', () => {
    const main = outline(pages['submission (agent, opened from a sorted list)'] ?? '').main;
    expect(main.slice(0, 5)).toEqual([
      'h1: Submission K7QD-M2XA-9F',
      'nav "In the list"',
      '  link /staff/submissions/B4RT-7YHN-2C?list=%2Fstaff%3Fstatus%3Dnew%26sort%3Ddate%26dir%3Dasc: Previous in the list',
      '  link /staff?status=new&sort=date&dir=asc: Back to the list',
      'p[status]: ',
    ]);
  });
});
