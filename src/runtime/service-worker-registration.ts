// Service worker registration and life cycle (docs/runtime.md "Service worker"): only over HTTPS or
// on localhost; follows the installing worker through installed, redundant and activated.

import { keptUrl } from '../routes/never-kept.ts';
import { CACHE_LOADED_MESSAGE, type CacheLoadedMessage } from './sw/messages.ts';

export const UPDATE_READY_EVENT = 'guichet:update-ready';
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

let updateReady = false;
let resourcesFailed = false;

/** True once a new worker is installed: the next navigation loads the new build in full. */
export function isUpdateReady(): boolean {
  return updateReady;
}

/** Notes that page resources failed to load; with an update ready, that means reload now. */
export function noteResourceFailure(): void {
  resourcesFailed = true;
  if (updateReady) window.location.reload();
}

// What this page loaded before the worker controlled it, so that the page opens offline too.
// Never the fragment: on "What applies to me?" it holds the reader's answers.
const loadedResources = () => [
  keptUrl(window.location.href).href,
  ...performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /\/(page-data|pagefind|media)\//.test(new URL(name).pathname)),
];

const follow = (worker: ServiceWorker) => {
  worker.addEventListener('statechange', () => {
    switch (worker.state) {
      case 'installed':
        if (navigator.serviceWorker.controller) {
          updateReady = true;
          window.dispatchEvent(new CustomEvent(UPDATE_READY_EVENT));
          if (resourcesFailed) window.location.reload();
        } else if (import.meta.env.DEV) {
          console.info('This site is now available offline.');
        }
        break;
      case 'redundant':
        console.error('The installing service worker became redundant.');
        break;
      case 'activated':
        worker.postMessage({
          type: CACHE_LOADED_MESSAGE,
          urls: loadedResources(),
        } satisfies CacheLoadedMessage);
        break;
      default:
        break;
    }
  });
};

/** Registers /sw.js where service workers are allowed; elsewhere only logs why not. */
export function registerServiceWorker(): void {
  const { protocol, hostname } = window.location;
  if (protocol !== 'https:' && !LOCAL_HOSTS.includes(hostname)) {
    console.error('Service workers can only be used over HTTPS, or on localhost for development');
    return;
  }
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js')
    // Some environments (test browsers that block workers) resolve without a registration.
    .then((registration?: ServiceWorkerRegistration) => {
      if (!registration) return;
      if (registration.installing) follow(registration.installing);
      registration.addEventListener('updatefound', () => {
        if (registration.installing) follow(registration.installing);
      });
    })
    .catch((error: unknown) => {
      console.error('Error during service worker registration:', error);
    });
}
