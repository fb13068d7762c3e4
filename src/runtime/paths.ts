// Path normalisation of docs/runtime.md "Paths": the one form every cache and request uses.
import { isPagePath } from '../routes/url-rules.ts';

/** Normalises a pathname: decoded, `/index.html` → `/`, one trailing slash removed (never from `/`). */
export function normalisePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape stays as it is; the server will answer 404 for it.
  }
  if (path === '/index.html') return '/';
  path = path.replace(/\/index\.html$/, '');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path || '/';
}

/**
 * The normalised in-site page path a link leads to (as the server would redirect it: no
 * trailing slash, no /index.html), or null when the browser should handle it (another origin,
 * a new window, a download, a file or the API).
 */
export function pagePathOfLink(anchor: HTMLAnchorElement, origin: string): string | null {
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download') || anchor.origin !== origin) return null;
  // Links to files or to the API are left to the browser.
  const path = normalisePath(anchor.pathname);
  return isPagePath(path) ? path : null;
}
