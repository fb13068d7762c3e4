// Connects the statistics tracker (src/runtime/analytics.ts) to the router and the consent: it
// runs in the root route, whose effects follow the page's (the title is already updated).
import { useEffect, useRef } from 'react';
import { useLocation } from './router/RouterProvider.tsx';
import { localeOfPath } from '../i18n/locales.ts';
import { offlinePath } from '../routes/url-rules.ts';
import {
  analyticsAllowed,
  browserTrackerDeps,
  createTracker,
  type AnalyticsConfig,
  type Tracker,
} from '../runtime/analytics.ts';
import { whenIdle } from '../runtime/when-idle.ts';
import { deleteCookies, STATISTICS_COOKIE_PREFIXES } from '../runtime/site-storage.ts';
import { CONSENT_CHANGE_EVENT, readConsent, type Consent } from './consent/consent-store.ts';

/** Tracks route updates when configured, in production and with analytics consent. */
export function useAnalytics(config: AnalyticsConfig | null | undefined, pagePath?: string) {
  const { pathname } = useLocation();
  const tracker = useRef<Tracker | null>(null);
  const offline =
    pathname === offlinePath(localeOfPath(pathname)) || pagePath?.endsWith('/offline');
  // Read by the consent listener; written in an effect, not during render.
  const offlineNow = useRef(offline);

  useEffect(() => {
    if (!config || import.meta.env.DEV) return;
    const apply = (consent: Consent | null) => {
      if (analyticsAllowed(config, import.meta.env.DEV, consent?.analytics === true)) {
        tracker.current ??= createTracker(config, browserTrackerDeps());
        return tracker.current.start();
      }
      tracker.current?.stop();
      // Withdrawn: Matomo's own cookies go at once.
      for (const prefix of STATISTICS_COOKIE_PREFIXES) deleteCookies(prefix);
      return false;
    };
    // The tracker's setup waits for idle time or the first input (issue 48); the page view of
    // the page on screen then goes with it.
    let active = true;
    whenIdle(() => {
      if (active && apply(readConsent()) && !offlineNow.current)
        tracker.current?.routeUpdated(window.location.href);
    });
    const onChange = (event: Event) => {
      // Consent given on this page: it counts as this page's (first) view.
      if (apply((event as CustomEvent<Consent>).detail) && !offlineNow.current)
        tracker.current?.routeUpdated(window.location.href);
    };
    window.addEventListener(CONSENT_CHANGE_EVENT, onChange);
    return () => {
      active = false;
      window.removeEventListener(CONSENT_CHANGE_EVENT, onChange);
    };
  }, [config]);

  useEffect(() => {
    offlineNow.current = offline;
    if (!offline) tracker.current?.routeUpdated(window.location.href);
  }, [pathname, offline]);
}
