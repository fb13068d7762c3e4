// Connects the statistics tracker (src/components/statistics.ts) to the router: it runs in the
// root route, whose effects follow the page's (the title is already updated). The tracker's code
// loads when the browser is idle or after the first input, on a site with statistics only, and
// only once the reader has allowed statistics (or has Matomo cookies left to delete): a reader who
// has not chosen, or said no, does not download it (issue 48).
import { useEffect, useRef } from 'react';
import { CONSENT_CHANGE_EVENT } from './consent/consent-events.ts';
import { useLocation } from './router/RouterProvider.tsx';
import { localeOfPath } from '../i18n/locales.ts';
import { offlinePath } from '../routes/url-rules.ts';
import type { AnalyticsConfig } from '../runtime/analytics.ts';
import { whenIdle } from '../runtime/when-idle.ts';
import { SITE_KEY_PREFIX, STATISTICS_COOKIE_PREFIXES } from '../runtime/site-storage.ts';
import type { Statistics } from './statistics.ts';

/**
 * Whether the statistics' code has anything to do on this page: the consent cookie says yes (the
 * tracker checks its version and date), or Matomo's cookies are there to be deleted.
 */
export function statisticsNeeded(cookie: string): boolean {
  return cookie.split('; ').some((part) => {
    const [name = '', ...value] = part.split('=');
    if (STATISTICS_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix))) return true;
    // The name of CONSENT_COOKIE (consent-store.ts, a chunk this one does not load).
    if (name !== `${SITE_KEY_PREFIX}_consent`) return false;
    try {
      return decodeURIComponent(value.join('=')).includes('"analytics":true');
    } catch {
      // Not one the banner wrote: the banner asks again.
      return false;
    }
  });
}

/** Tracks route updates when configured, in production and with analytics consent. */
export function useAnalytics(config: AnalyticsConfig | null | undefined, pagePath?: string) {
  const { pathname } = useLocation();
  const statistics = useRef<Statistics | null>(null);
  const offline =
    pathname === offlinePath(localeOfPath(pathname)) || pagePath?.endsWith('/offline') === true;
  // Read by the consent listener; written in an effect, not during render.
  const offlineNow = useRef(offline);

  useEffect(() => {
    if (!config || import.meta.env.DEV) return;
    // The tracker's setup waits for idle time or the first input (issue 48); the page view of
    // the page on screen then goes with it.
    let active = true;
    const connect = () => {
      window.removeEventListener(CONSENT_CHANGE_EVENT, onChange);
      void import('./statistics.ts').then(({ connectStatistics }) => {
        // The choice is in the cookie by now: connecting reads it and counts this page.
        if (active) statistics.current = connectStatistics(config, () => offlineNow.current);
      });
    };
    const onChange = (event: Event) => {
      if ((event as CustomEvent<{ analytics?: boolean }>).detail.analytics === true) connect();
    };
    whenIdle(() => {
      if (!active) return;
      if (statisticsNeeded(document.cookie)) connect();
      else window.addEventListener(CONSENT_CHANGE_EVENT, onChange);
    });
    // Another language's chrome brings another config object: the connection is made again,
    // the tracker stays (statistics.ts), and the old connection tracks route updates meanwhile.
    return () => {
      active = false;
      window.removeEventListener(CONSENT_CHANGE_EVENT, onChange);
      statistics.current?.disconnect();
    };
  }, [config]);

  useEffect(() => {
    offlineNow.current = offline;
    if (!offline) statistics.current?.routeUpdated(window.location.href);
  }, [pathname, offline]);
}
