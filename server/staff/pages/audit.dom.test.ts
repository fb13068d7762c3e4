// The audit log's page (server/staff/pages/audit.ts): the exact outline of its bar and main
// region in English. The same page in nl, fr, de and axe's run on all four: pages.dom.test.ts.
import { describe, expect, it } from 'vitest';
import { outline } from '../../testing/page-outline.ts';
import { BAR_ADMIN, staffPages } from '../../testing/staff-pages.ts';

const pages = staffPages('en');

describe('the audit log in English', () => {
  it('the audit log: its newest lines in a table, and the whole log as CSV', () => {
    expect(outline(pages['audit'] ?? '')).toEqual({
      lang: 'en',
      title: 'Audit log – Back office of the central desk',
      bar: BAR_ADMIN,
      main: [
        'h1: Audit log',
        'p: The newest 3 lines. No line is ever changed or removed.',
        'p: Download the whole audit log (CSV) (link /staff/audit/export)',
        'div[region] "Audit log"',
        '  table: When | Who | E-mail address | Member id | What | Submission | Detail',
        '    row: 2 Mar 2026, 10:30 | Jan Janssens | agent@example.be | agent-1 | viewed | K7QD-M2XA-9F | ',
        '    row: 2 Mar 2026, 10:45 | Jan Janssens | agent@example.be | agent-1 | status | K7QD-M2XA-9F | new → in_progress',
        '    row: 2 Mar 2026, 10:50 | Jan Janssens | agent@example.be | agent-1 | downloaded | K7QD-M2XA-9F | tok-1',
      ],
    });
  });
});
