// Tells screen-reader users that a client navigation finished: "Navigated to {title}"
// (RUNTIME.md "During and after a navigation"). Not on the first load: the browser announces that.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useChrome } from './Chrome.tsx';

export function RouteAnnouncer() {
  const { t } = useChrome();
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const announcedPath = useRef(pathname);

  useEffect(() => {
    if (announcedPath.current === pathname) return;
    announcedPath.current = pathname;
    // One frame later the new page and its title are in the document.
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector('main h1')?.textContent.trim();
      const name = heading || document.title || t('route.newPage', { path: pathname });
      setMessage(t('route.announce', { title: name }));
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [pathname, t]);

  return (
    <div
      className="visually-hidden"
      aria-live="assertive"
      aria-atomic="true"
      data-testid="route-announcer"
    >
      {message}
    </div>
  );
}
