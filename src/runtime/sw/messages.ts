// The messages the page posts to the service worker. Our own names: Workbox's router already
// listens for `CACHE_URLS` with another payload shape and throws on ours.

/** Asks the worker to cache what the page loaded before the worker controlled it. */
export const CACHE_LOADED_MESSAGE = 'guichet:cache-loaded';

export interface CacheLoadedMessage {
  type: typeof CACHE_LOADED_MESSAGE;
  urls: string[];
}

/**
 * "Leave this site" (src/runtime/leave-site.ts): the worker writes nothing more, deletes every
 * cache and unregisters itself, so that a write it had in flight does not outlive the exit.
 */
export const FORGET_MESSAGE = 'guichet:forget';
