// The pages before sign-in (sign-in, enrolment, signed in through the organisation) and the
// message page: the exact outline of their bar and main region in English. The same pages in
// nl, fr, de and axe's run on all four: pages.dom.test.ts.
import { describe, expect, it } from 'vitest';
import { outline } from '../../testing/page-outline.ts';
import { BAR_SIGNED_OUT, BAR_AGENT, staffPages } from '../../testing/staff-pages.ts';

const pages = staffPages('en');

/** The sign-in page's heading, text and passkey form with its status and error regions. */
const PASSKEY_SIGN_IN = [
  'h1: Sign in',
  'p: Sign in with your passkey: your device asks for your fingerprint, face, PIN or security key.',
  'form for the passkey script (sign-in)',
  '  button: Sign in with a passkey',
  '  p[status]: ',
  '  p[alert]: ',
];

describe('the sign-in pages and the message page in English', () => {
  it('sign-in: the passkey form with its status and error regions', () => {
    expect(outline(pages['sign-in'] ?? '')).toEqual({
      lang: 'en',
      title: 'Sign in – Back office of the central desk',
      bar: BAR_SIGNED_OUT,
      main: [...PASSKEY_SIGN_IN],
    });
  });

  it('sign-in with OpenID Connect configured: the organisation’s link too', () => {
    expect(outline(pages['sign-in with an organisation'] ?? '')).toEqual({
      lang: 'en',
      title: 'Sign in – Back office of the central desk',
      bar: BAR_SIGNED_OUT,
      main: [
        ...PASSKEY_SIGN_IN,
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
});
