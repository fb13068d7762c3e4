// The Staff page (server/staff/pages/members.ts and invitations.ts): the exact outline of its bar
// and main region in English, as it opens and after an invitation and refusals. The same pages in
// nl, fr, de and axe's run on all four: pages.dom.test.ts.
import { describe, expect, it } from 'vitest';
import { outline } from '../../testing/page-outline.ts';
import { BAR_ADMIN, staffPages } from '../../testing/staff-pages.ts';

const pages = staffPages('en');

/** The fixture's members (an active administrator, a revoked agent), then the invitations' heading. */
const MEMBERS_TABLE = [
  'div[region] "Staff"',
  '  table: Name | E-mail address | Role | State | Passkeys',
  '    row: An Peeters | admin@example.be | Role of An Peeters Agent Administrator Change role | Active Revoke An Peeters | 1 passkey5 Jan 2026, 09:01, last used 2 Mar 2026, 09:00',
  '    row: Marc Dubois | old@example.be | Agent | Revoked on 1 Feb 2026, 13:00 | None',
  'section',
  '  h2: Pending invitations',
];

describe('the Staff page in English', () => {
  it('the Staff page: members with their role, state and passkeys, the pending invitations, the invitation form', () => {
    expect(outline(pages['members'] ?? '')).toEqual({
      lang: 'en',
      title: 'Staff – Back office of the central desk',
      bar: BAR_ADMIN,
      main: [
        'h1: Staff',
        ...MEMBERS_TABLE,
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
        ...MEMBERS_TABLE,
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
});
