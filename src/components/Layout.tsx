// The frame of every page: skip link, header, breadcrumbs, main content, contact strip, footer, and the live regions of
// client navigation. Moves focus to the main content after a route change (not on first load).
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { LangSlug } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ContactStrip } from './ContactStrip.tsx';
import { ConsentDialog } from './consent/ConsentDialog.tsx';
import { DelayedNotice } from './DelayedNotice.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { RouteAnnouncer } from './RouteAnnouncer.tsx';
import { StatusNotices } from './StatusNotices.tsx';

interface LayoutProps {
  langSlugs: LangSlug[];
  /** The page title, for the last breadcrumb. */
  title: string;
  /** The listing page above this one, when the menus do not say (news, agenda items). */
  parent?: { title: string; path: string };
  /** The splash page has no header navigation: it only asks for a language. */
  bare?: boolean;
  /** The search page has its own search form; the header's would repeat it. */
  showSearch?: boolean;
  children: ReactNode;
}

export function Layout({
  langSlugs,
  title,
  parent,
  bare = false,
  showSearch = true,
  children,
}: LayoutProps) {
  const { t } = useChrome();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const focusedPath = useRef(pathname);

  useEffect(() => {
    if (focusedPath.current === pathname) return;
    focusedPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('site.skipLink')}
      </a>
      {bare ? null : <Header langSlugs={langSlugs} showSearch={showSearch} />}
      {bare ? null : <Breadcrumbs title={title} parent={parent} />}
      <main id="main" ref={main} tabIndex={-1} className="site-main">
        {children}
      </main>
      <ContactStrip />
      <Footer />
      <RouteAnnouncer />
      <DelayedNotice />
      <StatusNotices />
      <ConsentDialog />
    </>
  );
}
