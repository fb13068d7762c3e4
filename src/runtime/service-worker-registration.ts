// Service worker registration and life cycle (docs/runtime.md "Service worker"): only over HTTPS or
// on localhost; follows the installing worker through installed, redundant and activated. Loaded
// when the browser is idle (src/app/background.ts); what the loader asks is service-worker-update.ts.

import { keptUrl } from '../routes/never-kept.ts';
import { noteUpdateReady } from './service-worker-update.ts';
import { CACHE_LOADED_MESSAGE, type CacheLoadedMessage } from './sw/messages.ts';

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

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
        if (navigator.serviceWorker.controller) noteUpdateReady();
        else if (import.meta.env.DEV) {
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
