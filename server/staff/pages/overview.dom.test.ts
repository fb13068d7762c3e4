// The overview page (server/staff/pages/overview.ts) in English: its exact outline (the counts
// per form and language with their totals, the oldest case, the weeks newest first with their
// shares), the chart as one image with a title and a bar per week with a due case, and the
// page without any case. The other languages and axe: pages.dom.test.ts.
import { describe, expect, it } from 'vitest';
import { outline } from '../../testing/page-outline.ts';
import { BAR_AGENT, staffPages } from '../../testing/staff-pages.ts';

const pages = staffPages('en');
const HEADERS = 'New | In progress | Waiting for the visitor | Answered this week';

describe('the overview in English', () => {
  it('counts per form and language, the oldest case, the weeks as a table', () => {
    expect(outline(pages.overview ?? '')).toEqual({
      lang: 'en',
      title: 'Overview – Back office of the central desk',
      bar: BAR_AGENT,
      main: [
        'h1: Overview',
        'p: Every form but page feedback; duplicates are not counted. Weeks run from Monday to Sunday, Brussels time.',
        'section "by-form"',
        '  h2: By form',
        '  div[region] "by-form"',
        `    table: Form | ${HEADERS}`,
        '      row: Callback | 2 | 1 | 0 | 1',
        '      row: Contact | 5 | 3 | 4 | 6',
        '      row: All forms | 7 | 4 | 4 | 7',
        'section "by-language"',
        '  h2: By language',
        '  div[region] "by-language"',
        `    table: Language of the visitor | ${HEADERS}`,
        '      row: French | 3 | 2 | 1 | 2',
        '      row: Dutch | 4 | 2 | 3 | 5',
        '      row: All languages | 7 | 4 | 4 | 7',
        'section "oldest"',
        '  h2: Oldest unanswered case',
        '  p: B4RT-7YHN-2C , received 1 Mar 2026, 17:40, Contact, In progress (link /staff/submissions/B4RT-7YHN-2C)',
        'section "in-time"',
        '  h2: Answered within 5 days, per week',
        '  p: The cases received each week, and how many the desk answered within 5 days (an answer, a call logged or the status “Answered”). The share counts only the cases whose 5 days are over; cases that need no answer are left out.',
        '  div[region] "in-time"',
        '    table: Week from | Received | Answered in time | Within 5 days still | Share in time',
        '      row: 9 Mar 2026 | 3 | 0 | 3 | no period over yet',
        '      row: 2 Mar 2026 | 6 | 2 | 2 | 50%',
        '      row: 23 Feb 2026 | 10 | 7 | 0 | 70%',
        '      row: 16 Feb 2026 | 8 | 8 | 0 | 100%',
      ],
    });
  });

  it('draws the shares as one image with a title: a bar per week with a due case', () => {
    const page = new DOMParser().parseFromString(pages.overview ?? '', 'text/html');
    const svg = page.querySelector('svg');
    expect(svg?.getAttribute('role')).toBe('img');
    expect(page.getElementById(svg?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Share answered within 5 days, per week, the last 4 weeks',
    );
    expect([...page.querySelectorAll('svg rect')].map((bar) => bar.getAttribute('height'))).toEqual(
      ['120', '84', '60'],
    );
    expect([...page.querySelectorAll('svg text')].map((text) => text.textContent)).toEqual([
      '100%',
      '02-16',
      '70%',
      '02-23',
      '50%',
      '03-02',
      '–',
      '03-09',
    ]);
    expect(page.querySelector('[aria-labelledby=oldest] a')?.getAttribute('href')).toBe(
      '/staff/submissions/B4RT-7YHN-2C',
    );
  });

  it('says when there is no case yet and none waits for an answer', () => {
    const { main } = outline(pages['overview (no case yet)'] ?? '');
    expect(main.slice(2, 11)).toEqual([
      'section "by-form"',
      '  h2: By form',
      '  p: No case yet.',
      'section "by-language"',
      '  h2: By language',
      '  p: No case yet.',
      'section "oldest"',
      '  h2: Oldest unanswered case',
      '  p: No case is waiting for an answer.',
    ]);
  });
});
