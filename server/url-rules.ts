// The URL rules of docs/ARCHITECTURE.md, shared by the Node server and its tests: which file of
// dist/ answers a canonical path (server/canonical-path.ts makes it canonical), and its headers.
import { isLocaleId, type LocaleId } from '../src/i18n/locales.ts';

// A path that names a file (Pagefind's index files end in .pf_meta, .pf_index, .pf_fragment).
const FILE_EXTENSION = /\.[a-z0-9_]+$/i;

/** The file of dist/ that a canonical path maps to, before checking that it exists. */
export function fileForPath(pathname: string): string {
  if (pathname === '/') return 'index.html';
  const relative = pathname.slice(1);
  return FILE_EXTENSION.test(relative) ? relative : `${relative}/index.html`;
}

/** Paths that are files or API calls get a plain 404, not a not-found page. */
export function wantsNotFoundPage(pathname: string): boolean {
  return (
    !/^\/(api|assets|page-data|pagefind)(\/|$)/.test(pathname) && !FILE_EXTENSION.test(pathname)
  );
}

/** The language whose not-found page answers a path: its prefix, else the default (en). */
export function notFoundLanguage(pathname: string, fallback: LocaleId): LocaleId {
  const first = pathname.split('/')[1];
  return isLocaleId(first) ? first : fallback;
}

/** Cache-Control for a served file: hashed assets forever, everything else revalidated. */
export function cacheControlFor(file: string): string {
  return file.startsWith('assets/')
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
}

// Types that the static file server's defaults get wrong or leave without a charset: the
// calendars (.ics) and the feeds and sitemap (.xml).
const CONTENT_TYPES: [RegExp, string][] = [
  [/\.ics$/, 'text/calendar; charset=utf-8'],
  [/\/rss\.xml$/, 'application/rss+xml; charset=utf-8'],
  [/\.xml$/, 'application/xml; charset=utf-8'],
];

/** The Content-Type for a file path when the default one is not right; null otherwise. */
export function contentTypeFor(pathname: string): string | null {
  return CONTENT_TYPES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}
