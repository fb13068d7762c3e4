// The URL rules every part of the site shares (docs/ARCHITECTURE.md "URL rules"): the Node
// server, the browser's link handling and the service worker import them; nginx's copies in
// deploy/nginx/site.conf are checked against them (src/routes/nginx-url-rules.test.ts).
import type { LocaleId } from '../i18n/locales.ts';

/**
 * Where the editors' CMS is served (docs/editing.md): outside the public site, so with its own
 * headers, never in the sitemap, the search index or the service worker's routes. Canonical
 * without a trailing slash, as every path: /admin/ redirects to /admin.
 */
export const ADMIN_PATH = '/admin';

/** Top-level folders that hold files, the API or the editor, never the site's pages. */
export const NON_PAGE_FOLDERS = [ADMIN_PATH.slice(1), 'api', 'assets', 'page-data', 'pagefind'];

const IN_NON_PAGE_FOLDER = new RegExp(`^/(${NON_PAGE_FOLDERS.join('|')})(/|$)`);
// A path that names a file (Pagefind's index files end in .pf_meta, .pf_index, .pf_fragment).
const FILE_EXTENSION = /\.[a-z0-9_]+$/i;

/** True when a path's last segment has a file extension (`/assets/app.js`, `/en/feed.ics`). */
export function hasFileExtension(path: string): boolean {
  return FILE_EXTENSION.test(path);
}

/**
 * True when a canonical path can name a page (an HTML page of dist/, or else its language's
 * not-found page); false for files and the API, which get a plain 404 when missing.
 */
export function isPagePath(path: string): boolean {
  return !IN_NON_PAGE_FOLDER.test(path) && !hasFileExtension(path);
}

/** True for the editor's page and its files (/admin, /admin/config.yml), as a request names them. */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`);
}

/** The path of a language's offline page (served by the service worker). */
export function offlinePath(language: LocaleId): string {
  return `/${language}/offline`;
}

/** The path of a language's search page (its query is `?q=`). */
export function searchPath(language: LocaleId): string {
  return `/${language}/search`;
}

/** The path of a language's not-found page. */
export function notFoundPath(language: LocaleId): string {
  return `/${language}/404`;
}

/**
 * The follow-up page of each language (content/pages/follow-up.*.md; a test checks them): its
 * HTML and page data are served with Cache-Control: no-store (server/url-rules.ts and
 * deploy/nginx/site.conf) and the service worker keeps no copy (never-kept.ts).
 */
export const FOLLOW_UP_PATHS: Readonly<Record<LocaleId, string>> = {
  nl: '/nl/opvolging',
  fr: '/fr/suivi',
  de: '/de/nachverfolgung',
  en: '/en/follow-up',
};
const FOLLOW_UP_PATH =
  /^\/(?:page-data\/)?(nl\/opvolging|fr\/suivi|de\/nachverfolgung|en\/follow-up)(?:\/(?:index\.html|page-data\.json)(?:\.br|\.gz)?|\/)?$/;

/** True for the follow-up page, its HTML file or its page data (with or without a leading /). */
export function isFollowUpPath(path: string): boolean {
  return FOLLOW_UP_PATH.test(path.startsWith('/') ? path : `/${path}`);
}
