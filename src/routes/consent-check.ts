// The one inline script of the site, written into the head of every page of a site with
// statistics (src/site-generator/html.ts) and allowed by its hash in the Content-Security-Policy
// (server/security-headers.ts): before the first paint, it marks <html> when this browser holds
// no cookie choice, and the prerendered cookie banner shows from the first paint instead of
// pushing the page down after hydration (ADR 0024). The name is CONSENT_COOKIE's
// (src/components/consent/consent-store.ts; consent-check.test.ts checks it).
export const CONSENT_CHECK_SCRIPT =
  "if(!/(?:^|; )guichet_consent=/.test(document.cookie))document.documentElement.setAttribute('data-consent-ask','')";

/** The attribute the script sets on <html>; the banner keeps it up to date. */
export const CONSENT_ASK_ATTRIBUTE = 'data-consent-ask';
