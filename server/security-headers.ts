// Security headers of every response, the same on the Node server and in deploy/nginx (a test
// checks both). Scripts only from our origin; 'wasm-unsafe-eval' lets Pagefind run its
// WebAssembly search; data blocks (<script type="application/json">) are not executed.
// A configured statistics endpoint (MATOMO_URL) is added to script-src, connect-src and img-src
// only: matomo.js loads from it after consent and sends its hits there; script-src then also
// allows the consent check inline in each page's head, by its hash.
import { createHash } from 'node:crypto';
import { CONSENT_CHECK_SCRIPT } from '../src/routes/consent-check.ts';

// Hosts where http:// is no risk: the statistics server runs on the same machine.
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin of the statistics endpoint, for the CSP. Throws a start-up error for anything but
 * an https:// address (or http:// on this machine): an HTTPS site that loads a script over
 * plain HTTP hands it to anyone on the network.
 */
export function statisticsOrigin(matomoUrl: string): string {
  let url: URL;
  try {
    url = new URL(matomoUrl);
  } catch {
    throw new Error(
      `MATOMO_URL must be an address such as https://stats.example.be/, not "${matomoUrl}"`,
    );
  }
  const loopback = LOOPBACK.has(url.hostname) || url.hostname.startsWith('127.');
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url.origin;
  throw new Error(
    `MATOMO_URL must start with https:// (http:// only for localhost), not "${matomoUrl}": the site's pages would load the statistics script unencrypted`,
  );
}

/** The site's policy, one list of sources per directive; other policies change some of them. */
const SITE_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};
type Directive = keyof typeof SITE_DIRECTIVES;

/** The site's policy with some directives' sources replaced (or added), in the site's order. */
const policyWith = (
  changes: Partial<Record<Directive, string[]>> & { 'frame-src'?: string[] },
): string =>
  Object.entries({ ...SITE_DIRECTIVES, ...changes })
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');

/**
 * The hash of the site's one inline script, which pages carry only on a site with statistics
 * (src/routes/consent-check.ts, ADR 0024).
 */
export const CONSENT_CHECK_HASH = `'sha256-${createHash('sha256').update(CONSENT_CHECK_SCRIPT).digest('base64')}'`;

/**
 * The Content-Security-Policy; with statistics configured, their origin and the hash of the
 * consent check.
 */
export function contentSecurityPolicy(matomoUrl?: string): string {
  if (!matomoUrl) return policyWith({});
  const stats = statisticsOrigin(matomoUrl);
  return policyWith({
    'script-src': [...SITE_DIRECTIVES['script-src'], CONSENT_CHECK_HASH, stats],
    'img-src': [...SITE_DIRECTIVES['img-src'], stats],
    'connect-src': [...SITE_DIRECTIVES['connect-src'], stats],
  });
}

/**
 * Every security header. Nothing on the site is loaded from another origin or opened in a
 * window it scripts, so both cross-origin policies can be same-origin (matomo.js comes from
 * another origin, but its own server sets the policy of that response).
 */
export function securityHeaders(matomoUrl?: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(matomoUrl),
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/** The headers without a statistics endpoint: what deploy/nginx/security-headers.conf sends. */
export const SECURITY_HEADERS = securityHeaders();

// The editor at /admin (Sveltia CMS 0.221.1, docs/editing.md) runs in editors' browsers only.
// Each source is one Chromium showed it needs (tests/e2e/admin.spec.ts fails on any violation) or
// one Sveltia's security guide lists for the GitHub and GitLab backends:
// - style-src 'unsafe-inline': Svelte sets style attributes on nearly every element;
// - img-src data: blob:: its logo and icons are data: and blob: URLs; *.githubusercontent.com,
//   gitlab.com and secure.gravatar.com: the signed-in editor's avatar;
// - no CDN: its typefaces, icon font, interface in nl, fr and de and version check come from
//   /admin itself (src/site-generator/admin-offline.ts rewrites the bundle's jsDelivr and unpkg
//   addresses), so the editor works on a closed network;
// - connect-src data: (it fetches its logo), the backends' APIs and status pages.
// - script-src's one hash: the page's import map (src/site-generator/admin.ts, adminImportMap),
//   which points the Immutable.js that Sveltia imports from unpkg for custom previews to its copy
//   in /admin/chunks (admin.test.ts checks the hash against the page);
// - frame-src blob:: the preview pane is a frame of a blob: document (it inherits this policy and
//   runs no script: the preview is rendered into it from /admin/preview.js).
// Scripts come only from /admin itself: no 'unsafe-eval', no CDN.
export const ADMIN_IMPORT_MAP_HASH = "'sha256-UgdAi7Wdkj0lX1yJEMGz/CAXFNxPyUwzPDtVS3376e8='";
const ADMIN_CSP = policyWith({
  'script-src': ["'self'", ADMIN_IMPORT_MAP_HASH],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': [
    "'self'",
    'data:',
    'blob:',
    'https://*.githubusercontent.com',
    'https://gitlab.com',
    'https://secure.gravatar.com',
  ],
  'connect-src': [
    "'self'",
    'data:',
    'https://api.github.com',
    'https://www.githubstatus.com',
    'https://gitlab.com',
    'https://status-api.hostedstatus.com',
  ],
  'frame-src': ["'self'", 'blob:'],
});

/**
 * The headers of /admin and its files: the public site's, with the editor's own policy, noindex
 * so that a search engine that finds the address lists nothing, and a popup opener policy that
 * lets "Sign In with GitHub" hand the token back from its sign-in window.
 */
export const ADMIN_SECURITY_HEADERS: Record<string, string> = {
  ...SECURITY_HEADERS,
  'content-security-policy': ADMIN_CSP,
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'x-robots-tag': 'noindex',
};
