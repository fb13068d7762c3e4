// The stored cookie choice: one first-party cookie with the choice, its date and the policy
// version; an old version or a choice older than six months counts as no choice (browser-only).
// In the chunks of the banner and of the statistics, not in every page's script (issue 48).
import { SITE_KEY_PREFIX } from '../../runtime/site-storage.ts';
import { CONSENT_CHANGE_EVENT } from './consent-events.ts';

/** The cookie policy's `updated` date (content/pages/cookies.*.md): a change asks everyone again. */
export const CONSENT_POLICY_VERSION = '2026-11-23';
export const CONSENT_COOKIE = `${SITE_KEY_PREFIX}_consent`;
/** How long a choice is valid, in calendar months. */
export const CONSENT_MONTHS = 6;

/** The optional cookies a reader can allow: only statistics, the one optional thing the site has. */
export interface ConsentChoice {
  analytics: boolean;
}

export interface Consent extends ConsentChoice {
  version: string;
  /** ISO date and time of the choice. */
  date: string;
}

/** The date a choice made at `date` expires. */
export function expiryOf(date: Date): Date {
  const expiry = new Date(date);
  expiry.setMonth(expiry.getMonth() + CONSENT_MONTHS);
  return expiry;
}

/** Parses a cookie value; null when missing, malformed, of another policy version, or expired. */
export function parseConsent(value: string | undefined, now = new Date()): Consent | null {
  if (!value) return null;
  try {
    const data = JSON.parse(decodeURIComponent(value)) as Partial<Consent>;
    if (data.version !== CONSENT_POLICY_VERSION || typeof data.date !== 'string') return null;
    const date = new Date(data.date);
    if (Number.isNaN(date.getTime()) || expiryOf(date) <= now) return null;
    return {
      version: data.version,
      date: data.date,
      analytics: data.analytics === true,
    };
  } catch {
    return null;
  }
}

/** The cookie string (document.cookie assignment) that stores `consent`. */
export function serializeConsent(consent: Consent, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(consent));
  const maxAge = Math.round((expiryOf(new Date(consent.date)).getTime() - Date.now()) / 1000);
  return `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function cookieValue(name: string): string | undefined {
  for (const part of document.cookie.split('; ')) {
    const [key, ...rest] = part.split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The reader's valid choice, or null when the banner must ask. */
export function readConsent(): Consent | null {
  return parseConsent(cookieValue(CONSENT_COOKIE));
}

/** Stores a choice made now and tells the listeners (analytics stops or starts at once). */
export function saveConsent(choice: ConsentChoice): Consent {
  const consent: Consent = {
    version: CONSENT_POLICY_VERSION,
    date: new Date().toISOString(),
    ...choice,
  };
  document.cookie = serializeConsent(consent, location.protocol === 'https:');
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT, { detail: consent }));
  return consent;
}
