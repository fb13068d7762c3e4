// What every page needs of the consent (ADR 0024), apart from the cookie itself: whether the site
// asks at all, and the events between the banner, the footer's "Cookie settings" and the
// statistics, whose code loads later (issue 48).

/** Fired on window when the choice changes (detail: the new Consent). */
export const CONSENT_CHANGE_EVENT = 'guichet:consent-change';
/** Fired on window to reopen the banner (the footer's "Cookie settings"). */
export const CONSENT_OPEN_EVENT = 'guichet:consent-open';

/**
 * True when the site has something optional to ask about (statistics are configured): without,
 * there is no banner and no "Cookie settings", and nothing is stored.
 */
export function asksConsent(chrome: { analytics?: unknown }): boolean {
  return Boolean(chrome.analytics);
}

/** Asks the cookie banner to open (the footer's "Cookie settings"). */
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(CONSENT_OPEN_EVENT));
}
