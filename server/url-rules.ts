// What only the Node server needs of docs/ARCHITECTURE.md's URL rules: which file of dist/
// answers a canonical path (server/canonical-path.ts makes it canonical), and its headers.
// The rules the browser and the service worker share are in src/routes/url-rules.ts.
import { hasFileExtension, isFollowUpPath } from '../src/routes/url-rules.ts';

/** The file of dist/ that a canonical path maps to, before checking that it exists. */
export function fileForPath(pathname: string): string {
  if (pathname === '/') return 'index.html';
  const relative = pathname.slice(1);
  return hasFileExtension(relative) ? relative : `${relative}/index.html`;
}

/**
 * The search index's files that Pagefind names by a hash of their contents: index chunks,
 * fragments, filters and the metadata (`pagefind/{part}/…`, their compressed copies too).
 * deploy/nginx/site.conf has the same rule (server/nginx-site-conf.test.ts compares them); the
 * index's entry, module, WebAssembly and vocabulary keep their names and are revalidated.
 */
export const HASHED_SEARCH_FILE =
  /^pagefind\/[^/]+\/(index\/[^/]+\.pf_index|fragment\/[^/]+\.pf_fragment|filter\/[^/]+\.pf_filter|pagefind\.[^/]+\.pf_meta)(\.br|\.gz)?$/;

/**
 * Cache-Control for a served file: hashed assets, images and search-index files forever,
 * the follow-up page never kept (issue 41), everything else revalidated.
 */
export function cacheControlFor(file: string): string {
  if (isFollowUpPath(file)) return 'no-store';
  // Both folders hold only files named by a hash of their content (an image's versions too).
  return file.startsWith('assets/') || file.startsWith('media/') || HASHED_SEARCH_FILE.test(file)
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
