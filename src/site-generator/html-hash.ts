// The hash of a page's HTML file, recorded by the build for every page it writes and carried for
// those it keeps (build-cache.ts), and listed for the publisher (build.ts, --page-list): the gates
// (server/publishing/gates.ts) parse a page only when its hash is new to them, so a one-page
// change parses one page and reads none of the pages the build kept.
import { createHash } from 'node:crypto';

/** The SHA-256 of a page's HTML (its UTF-8 bytes), in base64url. */
export const htmlHash = (html: string | Uint8Array): string =>
  createHash('sha256').update(html).digest('base64url');
