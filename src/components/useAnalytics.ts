// Connects the statistics tracker (src/components/statistics.ts) to the router: it runs in the
// root route, whose effects follow the page's (the title is already updated). The tracker's code
// loads when the browser is idle or after the first input, on a site with statistics only.
import { useEffect, useRef } from 'react';
import { useLocation } from './router/RouterProvider.tsx';
import { localeOfPath } from '../i18n/locales.ts';
import { offlinePath } from '../routes/url-rules.ts';
import type { AnalyticsConfig } from '../runtime/analytics.ts';
import { whenIdle } from '../runtime/when-idle.ts';
import type { Statistics } from './statistics.ts';

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
    whenIdle(() => {
      void import('./statistics.ts').then(({ connectStatistics }) => {
        if (active) statistics.current = connectStatistics(config, () => offlineNow.current);
      });
    });
    // Another language's chrome brings another config object: the connection is made again,
    // the tracker stays (statistics.ts), and the old connection tracks route updates meanwhile.
    return () => {
      active = false;
      statistics.current?.disconnect();
    };
  }, [config]);

  useEffect(() => {
    offlineNow.current = offline;
    if (!offline) statistics.current?.routeUpdated(window.location.href);
  }, [pathname, offline]);
}
