// Reading the stored choice: version, date and six-month expiry; and when the site asks at all.
import { describe, expect, it } from 'vitest';
import { asksConsent } from './consent-events.ts';
import { CONSENT_POLICY_VERSION, expiryOf, parseConsent } from './consent-store.ts';

const value = (record: object) => encodeURIComponent(JSON.stringify(record));
const NOW = new Date('2026-11-23T10:00:00Z');

describe('parseConsent', () => {
  it('accepts a choice of the current version made less than six months ago', () => {
    const record = {
      version: CONSENT_POLICY_VERSION,
      date: '2026-05-24T10:00:00Z',
      analytics: true,
    };
    expect(parseConsent(value(record), NOW)).toEqual(record);
    // A record written when the banner also asked about external media keeps its statistics.
    expect(parseConsent(value({ ...record, media: true }), NOW)).toEqual(record);
  });

  it('asks again for another version, an expired or malformed record, or none', () => {
    const base = { version: CONSENT_POLICY_VERSION, analytics: true };
    expect(parseConsent(value({ ...base, date: '2026-05-23T09:59:59Z' }), NOW)).toBeNull();
    expect(parseConsent(value({ ...base, version: 'old', date: '2026-11-01' }), NOW)).toBeNull();
    expect(parseConsent('not json', NOW)).toBeNull();
    expect(parseConsent(undefined, NOW)).toBeNull();
  });

  it('expires after six calendar months', () => {
    expect(expiryOf(new Date('2026-01-15T00:00:00Z')).toISOString()).toBe(
      '2026-07-15T00:00:00.000Z',
    );
  });
});

describe('asksConsent', () => {
  it('asks only on a site with statistics: nothing else is optional', () => {
    expect(asksConsent({ analytics: null })).toBe(false);
    expect(asksConsent({})).toBe(false);
    expect(
      asksConsent({ analytics: { matomoUrl: 'https://stats.example.be/', siteId: '7' } }),
    ).toBe(true);
  });
});
