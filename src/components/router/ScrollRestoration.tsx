// Scroll positions as React Router's <ScrollRestoration> keeps them: saved per history entry
// (in sessionStorage across reloads), restored on back and forward; otherwise a new page shows
// its #hash target, or its top unless the navigation asked to stay where it was.
import { useEffect, useLayoutEffect } from 'react';
import { isLeaving } from '../../runtime/leave-site.ts';
import { SITE_KEY_PREFIX } from '../../runtime/site-storage.ts';
import { useRouter, useRouterState } from './RouterProvider.tsx';

const STORAGE_KEY = `${SITE_KEY_PREFIX}-scroll-positions`;
let positions: Record<string, number> = {};

/** Restores and resets the scroll position after each navigation; renders nothing. */
export function ScrollRestoration() {
  const router = useRouter();
  const { location, restoreScrollPosition, preventScrollReset } = useRouterState();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onPageHide = () => {
      // "Leave this site" removed the positions; the page must not write them back as it goes.
      if (isLeaving()) return;
      if (router.state.navigation.state === 'idle')
        positions[router.state.location.key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // No storage (private mode, quota): positions last for this document only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, [router]);

  useLayoutEffect(() => {
    try {
      const saved = sessionStorage.getItem(STORAGE_KEY);
      if (saved) positions = JSON.parse(saved) as Record<string, number>;
    } catch {
      // Unreadable: start afresh.
    }
    router.enableScrollRestoration(positions, () => window.scrollY);
  }, [router]);

  useLayoutEffect(() => {
    if (restoreScrollPosition === false) return;
    if (typeof restoreScrollPosition === 'number') {
      window.scrollTo(0, restoreScrollPosition);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable id: nothing to scroll to.
      }
    }
    if (preventScrollReset) return;
    window.scrollTo(0, 0);
  }, [location, restoreScrollPosition, preventScrollReset]);

  return null;
}
