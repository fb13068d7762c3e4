// What this site keeps in the browser, under one name: every localStorage and sessionStorage key
// and every cookie of its own starts with SITE_KEY_PREFIX (form drafts, checklist ticks, scroll
// positions, the cookie choice, and whatever comes later), so that "Leave this site"
// (leave-site.ts) removes them all without a list to keep up to date. src/site-generator/site-storage-names.test.ts
// checks the names the modules use.
import { FORGET_MESSAGE } from './sw/messages.ts';

/** The start of every key and cookie name this site writes. */
export const SITE_KEY_PREFIX = 'guichet';
/** Matomo's own cookies (analytics with cookie consent): `_pk_id…`, `_pk_ses…`, `mtm_…`. */
export const STATISTICS_COOKIE_PREFIXES = ['_pk_', 'mtm_'] as const;

/** Deletes the first-party cookies whose names start with `prefix` (e.g. Matomo's `_pk_`). */
export function deleteCookies(prefix: string, doc: Document = document): void {
  for (const part of doc.cookie.split('; ')) {
    const name = part.split('=')[0] ?? '';
    if (!name || !name.startsWith(prefix)) continue;
    // Matomo sets its cookies on the path and the registrable domain: clear both forms.
    const host = doc.location.hostname;
    for (const domain of ['', `; Domain=${host}`, `; Domain=.${host}`]) {
      doc.cookie = `${name}=; Path=/; Max-Age=0${domain}`;
    }
  }
}

const forgetKeys = (storage: Storage) => {
  // Backwards, so that removing a key does not skip the next one.
  for (let index = storage.length - 1; index >= 0; index--) {
    const key = storage.key(index);
    if (key?.startsWith(SITE_KEY_PREFIX)) storage.removeItem(key);
  }
};

/**
 * Removes at once, without waiting for anything, what this site keeps in this browser's storage
 * and cookies; other sites' data and the editor's (/admin) stay.
 */
export function forgetStored(win: Window = window): void {
  for (const storage of ['localStorage', 'sessionStorage'] as const) {
    try {
      forgetKeys(win[storage]);
    } catch {
      // Storage disabled: nothing was kept there.
    }
  }
  for (const prefix of [SITE_KEY_PREFIX, ...STATISTICS_COOKIE_PREFIXES])
    deleteCookies(prefix, win.document);
}

/**
 * Deletes this site's caches and unregisters its service worker; resolves when both are done.
 * Each worker is told first (FORGET_MESSAGE): it stops writing and deletes the caches again once
 * its own work in flight is over, after this page has gone.
 */
export async function forgetOffline(win: Window = window): Promise<void> {
  const tasks: Promise<unknown>[] = [];
  if ('serviceWorker' in win.navigator) {
    tasks.push(
      win.navigator.serviceWorker.getRegistrations().then((registrations) =>
        Promise.all(
          registrations.map((registration) => {
            for (const worker of [
              registration.installing,
              registration.waiting,
              registration.active,
            ])
              worker?.postMessage({ type: FORGET_MESSAGE });
            return registration.unregister();
          }),
        ),
      ),
    );
  }
  if ('caches' in win) {
    tasks.push(
      win.caches.keys().then((names) => Promise.all(names.map((name) => win.caches.delete(name)))),
    );
  }
  await Promise.allSettled(tasks);
}
