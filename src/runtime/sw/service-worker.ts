/// <reference lib="webworker" />
// The service worker (Workbox), built to dist/sw.js. Hashed assets and the key pages are
// precached; the site's HTML (not the editor at /admin) is network-first with the visited or
// precached copy as the offline fallback, then the language's offline page; page-data and the
// search index are stale-while-revalidate; the images of pages read are cache-first, the most
// recent 60 kept (never precached: a reader should not download every image of the site).
// Nothing of src/routes/never-kept.ts is ever written, and a precached page gets no second copy.
import {
  addPlugins,
  addRoute,
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precache,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { localeOfPath } from '../../i18n/locales.ts';
import { isNeverKept, keptUrl } from '../../routes/never-kept.ts';
import { isPagePath, offlinePath } from '../../routes/url-rules.ts';
import { CACHE_LOADED_MESSAGE, FORGET_MESSAGE } from './messages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const CACHES = {
  pages: 'pages',
  pageData: 'page-data',
  search: 'search-index',
  media: 'media',
} as const;

// When the network and the runtime cache both fail, a precached copy (a key page) still answers.
const precacheFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) => matchPrecache(new URL(request.url).pathname),
};

// Set by "Leave this site" (FORGET_MESSAGE): from then on this worker writes nothing.
let forgetting = false;

/**
 * True when a copy of `url` may be written to a runtime cache: not a private URL, and not a
 * precached one (every visitor has that copy, so a second one would only tell that it was read).
 */
const mayKeep = (url: URL) =>
  !forgetting && !isNeverKept(url) && getCacheKeyForURL(url.href) === undefined;

const deleteCaches = async () => {
  await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
};

/** Deletes every cache and the registration; again at the end, after writes that were in flight. */
async function forget(): Promise<void> {
  forgetting = true;
  await deleteCaches();
  await self.registration.unregister();
  await deleteCaches();
}

// Replaces Workbox's default check (cacheOkAndOpaquePlugin): only complete same-origin answers,
// kept under their URL without its fragment: a navigation's request carries it, and on "What
// applies to me?" it holds the reader's answers.
const keepAllowed: WorkboxPlugin = {
  cacheKeyWillBeUsed: ({ request }) => Promise.resolve(keptUrl(request.url).href),
  cacheWillUpdate: ({ request, response }) =>
    Promise.resolve(response.status === 200 && mayKeep(new URL(request.url)) ? response : null),
};

// Replaces the precache's default check (its status under 400) and stops an install in progress.
addPlugins([
  {
    cacheWillUpdate: ({ response }) =>
      Promise.resolve(forgetting || response.status >= 400 ? null : response),
  },
]);
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  // Only the site's pages: the editor at /admin (and files opened in a tab) go to the network
  // untouched, so it is never cached, nor answered offline with a page of the public site.
  ({ request, url }) => request.mode === 'navigate' && isPagePath(url.pathname),
  // On a bad connection, a cached copy after 4 s beats a blank screen.
  new NetworkFirst({
    cacheName: CACHES.pages,
    networkTimeoutSeconds: 4,
    plugins: [keepAllowed, precacheFallback],
  }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/page-data/'),
  new StaleWhileRevalidate({
    cacheName: CACHES.pageData,
    plugins: [keepAllowed, precacheFallback],
  }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/pagefind/'),
  new StaleWhileRevalidate({ cacheName: CACHES.search, plugins: [keepAllowed] }),
);
// An image's versions are named by its hash: a cached one is never out of date.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: CACHES.media,
    plugins: [new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
);
// Precached files (hashed assets, key pages' data) come from the precache, cache-first.
addRoute();

setCatchHandler(async ({ request, url }) => {
  if (request.mode === 'navigate') {
    return (await matchPrecache(offlinePath(localeOfPath(url.pathname)))) ?? Response.error();
  }
  return Response.error();
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === FORGET_MESSAGE) event.waitUntil(forget());
});

// Resources the page loaded before this worker controlled it (docs/runtime.md: on "activated").
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type !== CACHE_LOADED_MESSAGE || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url): url is string => typeof url === 'string');
  event.waitUntil(
    Promise.all(
      urls.map(async (href) => {
        const url = keptUrl(href, self.location.origin);
        if (url.origin !== self.location.origin || !mayKeep(url)) return;
        const cacheName = url.pathname.startsWith('/page-data/')
          ? CACHES.pageData
          : url.pathname.startsWith('/pagefind/')
            ? CACHES.search
            : url.pathname.startsWith('/media/')
              ? CACHES.media
              : CACHES.pages;
        if (cacheName === CACHES.pages && !isPagePath(url.pathname)) return;
        const cache = await caches.open(cacheName);
        if (!(await cache.match(url.href)) && mayKeep(url))
          await cache.add(url.href).catch(() => undefined);
      }),
    ),
  );
});
