// The frame of every page: skip link, "Leave this site", header, breadcrumbs, main content, contact strip, footer, and
// the live regions of client navigation. Moves focus to the main content after a route change (not on first load).
import { useRef, type ReactNode } from 'react';
import { useLocation } from './router/RouterProvider.tsx';
import type { LangSlug } from '../routes/page-data.ts';
import type { ConsentTexts } from '../routes/consent-texts.ts';
import type { LocaleId } from '../i18n/locales.ts';
import { useChrome } from './Chrome.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ContactStrip } from './ContactStrip.tsx';
import { ConsentBanner } from './consent/ConsentBanner.tsx';
import { DelayedNotice } from './DelayedNotice.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { HydrateLater, Piece } from './HydrateLater.tsx';
import { LeaveSiteBar, LeaveSiteLink } from './leave-site/LeaveSite.tsx';
import { useArrival, type View } from './RouteAnnouncer.tsx';
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
  /** The error page shown in place of the page at this path. */
  view?: View;
  /** The splash's cookie-banner words in every language (it has no language of its own). */
  consentTexts?: Record<LocaleId, ConsentTexts> | undefined;
  children: ReactNode;
}

export function Layout({
  langSlugs,
  title,
  parent,
  bare = false,
  showSearch = true,
  view = 'page',
  consentTexts,
  children,
}: LayoutProps) {
  const { chrome, t } = useChrome();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);

  useArrival(
    pathname,
    view,
    () => main.current?.focus({ preventScroll: true }),
    () => {
      const heading = document.querySelector('main h1')?.textContent.trim();
      const name = heading || document.title || t('route.newPage', { path: pathname });
      return { text: t('route.announce', { title: name }), lang: chrome.language };
    },
  );

  return (
    <>
      <a className="skip-link" href="#main">
        {t('site.skipLink')}
      </a>
      <LeaveSiteBar />
      <ConsentBanner everyLanguage={consentTexts} />
      {/* Header, main content and footer are pieces React hydrates one by one, yielding
          between them; a tap on one hydrates it first (issue 48). The footer waits for idle. */}
      <Piece>
        {bare ? null : <Header langSlugs={langSlugs} showSearch={showSearch} />}
        {bare ? null : <Breadcrumbs title={title} parent={parent} />}
      </Piece>
      <Piece>
        <main id="main" ref={main} tabIndex={-1} className="site-main">
          <LeaveSiteLink />
          {children}
        </main>
      </Piece>
      <HydrateLater>
        <ContactStrip />
        <Footer />
      </HydrateLater>
      <DelayedNotice />
      <StatusNotices />
    </>
  );
}
