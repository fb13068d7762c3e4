// Security headers of every response, the same on the Node server and in deploy/nginx (a test
// checks both). Scripts only from our origin; 'wasm-unsafe-eval' lets Pagefind run its
// WebAssembly search; data blocks (<script type="application/json">) are not executed.
// A configured statistics endpoint (MATOMO_URL) is added to script-src, connect-src and img-src
// only: matomo.js loads from it after consent and sends its hits there.

/** The Content-Security-Policy, with the statistics origin when one is configured. */
export function contentSecurityPolicy(matomoUrl = process.env.MATOMO_URL): string {
  const stats = matomoUrl ? ` ${new URL(matomoUrl).origin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval'${stats}`,
    "style-src 'self'",
    `img-src 'self' data:${stats}`,
    "font-src 'self'",
    `connect-src 'self'${stats}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'x-frame-options': 'DENY',
};
