// The one canonical form of a request path, for the redirects of docs/ARCHITECTURE.md "URL rules":
// decoded, dot segments resolved, repeated slashes collapsed, no trailing slash, no /index.html.
// One pass, linear in the length of the path; deploy/nginx/site.conf applies the same rules.

/** What to do with a request target. */
export type PathVerdict =
  /** Serve `path` (decoded and canonical; it may hold characters that no page has). */
  | { kind: 'serve'; path: string }
  /** Answer 301 with this Location: a same-origin path, never starting with // or /\. */
  | { kind: 'redirect'; location: string }
  /** Malformed: a bad percent escape, a NUL, a segment above the root, not a path at all. */
  | { kind: 'bad' };

// Characters a canonical path may hold and a Location may carry as they are: RFC 3986's
// unreserved and sub-delims, ":", "@" and "/". A path with anything else (a backslash, "%",
// control or non-ASCII characters) is never redirected: no page has such a path, so it gets
// its not-found page, and no redirect can be built from it.
const PLAIN_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;

const HEX = /^[0-9A-Fa-f]{2}$/;
const utf8 = new TextDecoder('utf-8');

/** Percent-decodes a path as bytes, then reads them as UTF-8 (invalid bytes become U+FFFD). */
function percentDecode(raw: string): string | null {
  if (!raw.includes('%')) return raw;
  const bytes = Buffer.alloc(raw.length);
  let length = 0;
  for (let index = 0; index < raw.length; index++) {
    const code = raw.charCodeAt(index);
    if (code === 0x25) {
      const hex = raw.slice(index + 1, index + 3);
      if (!HEX.test(hex)) return null;
      bytes[length++] = parseInt(hex, 16);
      index += 2;
    } else {
      // The request line reaches Node as Latin-1: each character is one byte.
      bytes[length++] = code & 0xff;
    }
  }
  return utf8.decode(bytes.subarray(0, length));
}

/**
 * The decoded path with `.` and empty segments dropped, `..` applied and every final
 * `/index.html` removed, so that one redirect reaches the canonical path (/index.html/index.html
 * → /, not → /index.html → /).
 */
export function canonicalPath(decoded: string): string | null {
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      // Above the root: nginx answers 400 too.
      if (segments.pop() === undefined) return null;
      continue;
    }
    segments.push(segment);
  }
  while (segments.at(-1) === 'index.html') segments.pop();
  return `/${segments.join('/')}`;
}

/**
 * The verdict for a request target as sent (`/path?query`, still percent-encoded): serve it,
 * redirect it to its canonical form (keeping the query), or refuse it.
 */
export function judgePath(target: string): PathVerdict {
  const queryAt = target.indexOf('?');
  const raw = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt);
  // Only origin-form targets: "http://other.example/…" (absolute form) and "*" are not ours.
  if (!raw.startsWith('/')) return { kind: 'bad' };
  const decoded = percentDecode(raw);
  if (decoded === null || decoded.includes('\0')) return { kind: 'bad' };
  const path = canonicalPath(decoded);
  if (path === null) return { kind: 'bad' };
  if (path === raw || !PLAIN_PATH.test(path)) return { kind: 'serve', path };
  return { kind: 'redirect', location: path + query };
}
