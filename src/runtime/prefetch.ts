// Prefetch of page-data and template chunks (docs/runtime.md "Prefetch"): links in view are queued
// and fetched in small idle-time batches; hover and focus fetch at once. Never on a 2g
// connection, with data saving on, or for bots; each URL at most once.
import { normalisePath, pagePathOfLink } from './paths.ts';
import { INTENT_ONLY } from './prefetch-intent.ts';
import { whenIdle } from './when-idle.ts';

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

const BATCH_SIZE = 3;
const BOTS = /bot|crawl|spider|slurp|lighthouse/i;

/** Whether this browser and connection allow prefetching at all. */
export function prefetchAllowed(nav: Navigator): boolean {
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType?.includes('2g')) return false;
  return !BOTS.test(nav.userAgent);
}

/**
 * Starts prefetching for the document; call the returned `scan` after each render to queue
 * the links now in the page.
 */
export function startPrefetch(prefetchPage: (path: string) => Promise<unknown>): {
  scan: () => void;
} {
  if (!prefetchAllowed(navigator)) return { scan: () => undefined };
  const seen = new Set<string>([normalisePath(window.location.pathname)]);
  const queue: string[] = [];
  let scheduled = false;

  const prefetch = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    // A failed prefetch only means the click loads normally; it must not stop the queue.
    prefetchPage(path).catch(() => undefined);
  };
  const drain = () => {
    scheduled = false;
    queue.splice(0, BATCH_SIZE).forEach(prefetch);
    if (queue.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    whenIdle(drain);
  };
  const pathOf = (target: EventTarget | null): string | null => {
    const anchor = target instanceof Element ? target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement)) return null;
    return pagePathOfLink(anchor, window.location.origin);
  };

  const onIntent = (event: Event) => {
    const path = pathOf(event.target);
    if (path !== null) prefetch(path);
  };
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);

  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      // Links marked for intent only (the language switch: a reader rarely changes language,
      // and each other language's links would bring its chrome too) wait for hover or focus.
      if (entry.target.closest(`[${INTENT_ONLY}]`)) continue;
      const path = pathOf(entry.target);
      if (path !== null && !seen.has(path)) queue.push(path);
    }
    if (queue.length > 0) schedule();
  });

  return {
    scan: () => {
      for (const anchor of document.querySelectorAll('a[href]')) observer.observe(anchor);
    },
  };
}
