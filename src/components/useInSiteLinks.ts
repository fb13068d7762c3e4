// Client navigation for plain <a> links inside prerendered content (Markdown bodies), which
// are not router <Link>s: same-origin page links go through the router instead of a reload.
import { useEffect } from 'react';
import { useNavigate } from './router/RouterProvider.tsx';
import { normalisePath, pagePathOfLink } from '../runtime/paths.ts';

/** Listens for clicks on in-site links that nothing else handled. */
export function useInSiteLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      // Normalised like the server's redirects: the address bar never keeps a trailing slash.
      const path = pagePathOfLink(anchor, window.location.origin);
      // A link to an anchor on the same page is the browser's job.
      if (path === null || (path === normalisePath(window.location.pathname) && anchor.hash))
        return;
      event.preventDefault();
      void navigate(path + anchor.search + anchor.hash);
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, [navigate]);
}
