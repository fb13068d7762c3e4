// The inline consent check names the consent cookie and sets the attribute the banner reads.
import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE } from '../components/consent/consent-store.ts';
import { CONSENT_ASK_ATTRIBUTE, CONSENT_CHECK_SCRIPT } from './consent-check.ts';

describe('CONSENT_CHECK_SCRIPT', () => {
  it('looks for the consent cookie and marks <html> with data-consent-ask', () => {
    expect(CONSENT_CHECK_SCRIPT).toContain(`(?:^|; )${CONSENT_COOKIE}=`);
    expect(CONSENT_CHECK_SCRIPT).toContain(`setAttribute('${CONSENT_ASK_ATTRIBUTE}','')`);
  });
});
