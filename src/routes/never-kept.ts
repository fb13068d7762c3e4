// What the service worker never keeps on the reader's device (docs/runtime.md "Service worker"):
// a copy that would tell what a reader typed, searched or answered. One list, so that a new
// private page is one more line here (issue 41's follow-up page goes here); the worker
// (src/runtime/sw/service-worker.ts) checks it before every cache write, and never-kept.test.ts
// holds each rule. Pages with a form are not in it: the build precaches them for every visitor
// (src/site-generator/build.ts, keyPagesOf), and the worker keeps no copy of its own of a
// precached page, so its cache says nothing about who opened it or typed in it.
import { LOCALE_IDS } from '../i18n/locales.ts';
import { isFollowUpPath, searchPath } from './url-rules.ts';

export interface NeverKeptRule {
  /** What a kept copy would give away. */
  why: string;
  matches: (url: URL) => boolean;
}

const SEARCH_PATHS = new Set(LOCALE_IDS.map(searchPath));

export const NEVER_KEPT: readonly NeverKeptRule[] = [
  {
    why: 'a search page with its query: the words searched',
    matches: (url) => SEARCH_PATHS.has(url.pathname) && url.search !== '',
  },
  {
    // pagefind/{lang}/index/… holds the words of one range of the alphabet, fragment/… one page.
    why: 'the parts of the search index a query loaded: the first letters searched, the pages found',
    matches: (url) => /^\/pagefind\/(?:[^/]+\/)*(?:index|fragment)\//.test(url.pathname),
  },
  {
    why: 'the follow-up page and its API: that the reader has a conversation with the desk, and what it says',
    matches: (url) =>
      isFollowUpPath(url.pathname) || /^\/api\/follow-up(?:\/|$)/.test(url.pathname),
  },
];

/**
 * True when `url` must never be kept. A fragment (the answers of "What applies to me?") is never
 * part of what is kept: callers drop it (`keptUrl`) before they write.
 */
export function isNeverKept(url: URL): boolean {
  return NEVER_KEPT.some((rule) => rule.matches(url));
}

/** The URL as it may be kept: without its fragment. */
export function keptUrl(href: string, base?: string): URL {
  const url = new URL(href, base);
  url.hash = '';
  return url;
}
