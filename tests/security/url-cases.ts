// One table of request paths, sent raw (no client normalisation), and what both servers must
// answer: the Node server (server/canonical-path.ts) and nginx (deploy/nginx/site.conf); and the
// cache headers both send for the search index's files.
// A redirect's Location must be a same-origin path: never "//…" or "/\…" (issue #14, item 1).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocaleId } from '../../src/i18n/locales.ts';

export interface UrlCase {
  /** The request target exactly as sent. */
  target: string;
  status: 200 | 301 | 400 | 404;
  /** The Location of a 301. */
  location?: string;
}

export const URL_CASES: UrlCase[] = [
  // Open redirects found by the hostile test, and their relatives in other encodings.
  { target: '/%5Cevil.example/', status: 404 },
  { target: '/%5cevil.example', status: 404 },
  { target: '/\\evil.example/', status: 404 },
  { target: '/.//evil.example/', status: 301, location: '/evil.example' },
  { target: '//evil.example/', status: 301, location: '/evil.example' },
  { target: '//evil.example', status: 301, location: '/evil.example' },
  { target: '///evil.example/', status: 301, location: '/evil.example' },
  { target: '/%2F%2Fevil.example/', status: 301, location: '/evil.example' },
  { target: '/%2f/evil.example', status: 301, location: '/evil.example' },
  { target: '/a/..//evil.example/', status: 301, location: '/evil.example' },
  { target: '/a/%2e%2e//evil.example', status: 301, location: '/evil.example' },
  { target: '/%09/evil.example/', status: 404 },
  { target: '/\\/evil.example/', status: 404 },
  { target: '/%2e%2e//evil.example/', status: 400 },
  { target: '/..', status: 400 },
  // Repeated slashes are one 301 to the clean path (they answered 200 before).
  { target: '/en//first-steps', status: 301, location: '/en/first-steps' },
  { target: '//en///first-steps//', status: 301, location: '/en/first-steps' },
  { target: '//', status: 301, location: '/' },
  // Trailing slash, /index.html, dot segments and needless escapes.
  { target: '/en/first-steps/', status: 301, location: '/en/first-steps' },
  { target: '/en/contacts/?from=mail', status: 301, location: '/en/contacts?from=mail' },
  { target: '/index.html', status: 301, location: '/' },
  { target: '/en/index.html', status: 301, location: '/en' },
  { target: '/en/index.html/', status: 301, location: '/en' },
  { target: '/en/index.html/index.html/index.html', status: 301, location: '/en' },
  { target: '/en/./first-steps', status: 301, location: '/en/first-steps' },
  { target: '/en/.', status: 301, location: '/en' },
  { target: '/en/..', status: 301, location: '/' },
  { target: '/en/%66irst-steps', status: 301, location: '/en/first-steps' },
  { target: '/en/a%2fb/', status: 301, location: '/en/a/b' },
  // A query never turns into a path.
  { target: '/en/first-steps?next=//evil.example', status: 200 },
  {
    target: '/en/first-steps/?next=//evil.example',
    status: 301,
    location: '/en/first-steps?next=//evil.example',
  },
  // Malformed or unusual escapes: refused, or not found; never redirected.
  { target: '/%zz', status: 400 },
  { target: '/%00', status: 400 },
  { target: '/%25/', status: 404 },
  { target: '/en/%C0', status: 404 },
  { target: '/en/%E2%82%AC/', status: 404 },
  // Canonical paths are served as they are.
  { target: '/', status: 200 },
  { target: '/en', status: 200 },
  { target: '/nl/eerste-stappen', status: 200 },
];

/**
 * A path no file answers, and what both servers send: its language's not-found page, or a
 * plain 404 (`null`) for files and the API. The same table checks src/routes/url-rules.ts.
 */
export interface NotFoundCase {
  target: string;
  notFoundPageIn: LocaleId | null;
}

export const NOT_FOUND_CASES: NotFoundCase[] = [
  { target: '/nl/bestaat-niet', notFoundPageIn: 'nl' },
  { target: '/fr/n-existe-pas', notFoundPageIn: 'fr' },
  { target: '/de/gibt-es-nicht', notFoundPageIn: 'de' },
  { target: '/en/does-not-exist', notFoundPageIn: 'en' },
  // No language prefix, or one that only starts like a language: the default language.
  { target: '/does-not-exist', notFoundPageIn: 'en' },
  { target: '/xx/nothing', notFoundPageIn: 'en' },
  { target: '/nlx/nothing', notFoundPageIn: 'en' },
  { target: '/apidocs', notFoundPageIn: 'en' },
  { target: '/en/api', notFoundPageIn: 'en' },
  // Files and the API: a plain 404, the bare folder name included (nginx once gave it a page).
  { target: '/api', notFoundPageIn: null },
  { target: '/api/nothing', notFoundPageIn: null },
  { target: '/assets', notFoundPageIn: null },
  { target: '/assets/nothing-abc123.js', notFoundPageIn: null },
  { target: '/page-data', notFoundPageIn: null },
  { target: '/page-data/en/nothing/page-data.json', notFoundPageIn: null },
  { target: '/pagefind/nothing.pf_meta', notFoundPageIn: null },
  { target: '/en/nothing.pdf', notFoundPageIn: null },
  { target: '/nl/NOTHING.PDF', notFoundPageIn: null },
];

/** A file of the built site and the Cache-Control both servers must send with it. */
export interface CacheCase {
  target: string;
  cacheControl: string;
}

const FOREVER = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * The search index's files of a built site (`distDir`), one of each kind: those Pagefind names by
 * their contents are cached for a year, those named alike in every build are revalidated.
 */
export function searchCacheCases(distDir: string): CacheCase[] {
  const folder = join(distDir, 'pagefind', 'en');
  const first = (sub: string) => `/pagefind/en/${sub}/${readdirSync(join(folder, sub))[0] ?? ''}`;
  const entry = JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { hash: string }>;
  };
  return [
    { target: first('index'), cacheControl: FOREVER },
    { target: first('fragment'), cacheControl: FOREVER },
    { target: first('filter'), cacheControl: FOREVER },
    {
      target: `/pagefind/en/pagefind.${entry.languages.en?.hash ?? ''}.pf_meta`,
      cacheControl: FOREVER,
    },
    { target: '/pagefind/en/pagefind.js', cacheControl: REVALIDATE },
    { target: '/pagefind/en/pagefind-entry.json?ts=0123', cacheControl: REVALIDATE },
    { target: '/pagefind/en/wasm.en.pagefind', cacheControl: REVALIDATE },
    { target: '/pagefind/en/vocabulary.json', cacheControl: REVALIDATE },
    { target: '/en/search', cacheControl: REVALIDATE },
  ];
}
