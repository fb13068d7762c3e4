// The pages before sign-in: sign-in (also the 401 answer to any staff page asked for without a
// session), enrolment from an invitation link, and the page after an organisation sign-in. Only
// the passkey ceremonies need script (../browser/passkey.ts reads the form's data- texts).
import { createElement as h, Fragment, type ReactNode } from 'react';
import { documentOf, type PageContext } from './document.ts';
import { field } from './parts.ts';

const BROWSER_SCRIPTS = ['/staff/assets/webauthn.js', '/staff/assets/passkey.js'];

/** The passkey form of sign-in and enrolment; the script reads its data- texts. */
function passkeyForm(
  context: PageContext,
  mode: 'sign-in' | 'enrol',
  button: string,
  extra?: ReactNode,
) {
  const { t } = context;
  return h(
    'form',
    {
      className: 'passkey',
      'data-passkey': mode,
      'data-working': t('working'),
      'data-unsupported': t('noPasskeySupport'),
      'data-failed': mode === 'enrol' ? t('enrolInvalid') : t('signInFailed'),
    },
    extra,
    h('button', { type: 'submit', className: 'primary' }, button),
    h('p', { className: 'passkey__status', role: 'status' }),
    h('p', { className: 'passkey__error', role: 'alert', id: 'passkey-error' }),
  );
}

/**
 * Sign-in: also the answer (401) to any staff page asked for without a session. With OpenID
 * Connect configured, a link to the organisation's sign-in too.
 */
export function signInPage(context: PageContext, organisation = false): string {
  const { t } = context;
  return documentOf(
    context,
    t('signInTitle'),
    h(
      Fragment,
      null,
      h('p', null, t('signInIntro')),
      passkeyForm(context, 'sign-in', t('signInButton')),
      organisation
        ? h(
            'p',
            null,
            h('a', { href: '/staff/oidc/start', className: 'button' }, t('signInOrganisation')),
          )
        : null,
    ),
    BROWSER_SCRIPTS,
  );
}

/** After an organisation sign-in: a page of our own, whose link the Strict cookie follows. */
export function signedInPage(context: PageContext): string {
  const { t } = context;
  return documentOf(
    context,
    t('signedInTitle'),
    h('p', null, h('a', { href: '/staff', className: 'button' }, t('continueToInbox'))),
  );
}

/** Enrolment: the invitation link's page (the token stays in the link's #fragment). */
export function enrolPage(context: PageContext): string {
  const { t } = context;
  const name = field(
    h('label', { htmlFor: 'display-name' }, t('enrolName')),
    h('input', {
      id: 'display-name',
      name: 'name',
      autoComplete: 'name',
      required: true,
      maxLength: 100,
      'aria-describedby': 'passkey-error',
      'data-missing': t('enrolNameMissing'),
    }),
  );
  return documentOf(
    context,
    t('enrolTitle'),
    h(
      Fragment,
      null,
      h('p', null, t('enrolIntro')),
      passkeyForm(context, 'enrol', t('enrolButton'), name),
    ),
    BROWSER_SCRIPTS,
  );
}
