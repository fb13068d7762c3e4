// Cookie choices for the tests of the site built with statistics (tests/e2e/analytics-site.ts):
// a stored choice (statistics refused) on every test host, or none (the first visit).
import { CONSENT_COOKIE, type Consent } from '../../src/components/consent/consent-store.ts';
import { CONSENT_POLICY_VERSION } from '../../src/components/consent/consent-store.ts';

const consent: Consent = {
  version: CONSENT_POLICY_VERSION,
  date: new Date().toISOString(),
  analytics: false,
};

/** Playwright storageState with the consent cookie on localhost, 127.0.0.1 and guichet.test. */
export const CONSENTED_STATE = {
  cookies: ['localhost', '127.0.0.1', 'guichet.test'].map((domain) => ({
    name: CONSENT_COOKIE,
    value: encodeURIComponent(JSON.stringify(consent)),
    domain,
    path: '/',
    expires: Math.round(Date.now() / 1000) + 30 * 24 * 3600,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  })),
  origins: [],
};

/** No stored state: the first visit. */
export const FIRST_VISIT = { cookies: [], origins: [] };
