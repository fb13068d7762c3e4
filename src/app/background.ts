// What starts once the page is up (issue 48): the service worker's registration and the prefetch
// observers. A chunk of its own, which the entry imports when the browser is idle or after the
// first input, so that neither is in the script every page needs before it hydrates.
import type { PageLoader } from '../runtime/page-loader.ts';
import { startPrefetch } from '../runtime/prefetch.ts';
import type { Router } from '../runtime/router.ts';
import { registerServiceWorker } from '../runtime/service-worker-registration.ts';

/** Registers the service worker (in production) and prefetches the links of each page shown. */
export function startBackground<T>(loader: PageLoader, router: Router<T>): void {
  // Development serves sources, not a build: nothing to cache there.
  if (import.meta.env.PROD) registerServiceWorker();
  const prefetch = startPrefetch((path) => loader.prefetch(path));
  // Links of each newly rendered page join the prefetch queue once they scroll into view.
  const scanAfterRender = () => requestAnimationFrame(prefetch.scan);
  scanAfterRender();
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') scanAfterRender();
  });
}
