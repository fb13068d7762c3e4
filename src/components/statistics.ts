// The statistics tracker tied to the reader's consent (src/runtime/analytics.ts): a chunk of its
// own that useAnalytics imports when the browser is idle or after the first input, on a site
// with statistics only, so that it is in no page's first script (issue 48).
import {
  analyticsAllowed,
  browserTrackerDeps,
  createTracker,
  type AnalyticsConfig,
  type Tracker,
} from '../runtime/analytics.ts';
import { deleteCookies, STATISTICS_COOKIE_PREFIXES } from '../runtime/site-storage.ts';
import { CONSENT_CHANGE_EVENT } from './consent/consent-events.ts';
import { readConsent, type Consent } from './consent/consent-store.ts';

export interface Statistics {
  /** A route update at `href`: a page view once the tracker runs. */
  routeUpdated: (href: string) => void;
  /** Stops following the consent. */
  disconnect: () => void;
}

// One tracker for the page's life: a language's chrome (and its config object) changes on the way.
let tracker: Tracker | null = null;

/**
 * Starts the tracker when the reader allows statistics, now or later, and stops it when they
 * withdraw; the page on screen counts as viewed unless `isOffline()` says it is the offline page.
 */
export function connectStatistics(config: AnalyticsConfig, isOffline: () => boolean): Statistics {
  const apply = (consent: Consent | null) => {
    if (analyticsAllowed(config, import.meta.env.DEV, consent?.analytics === true)) {
      tracker ??= createTracker(config, browserTrackerDeps());
      return tracker.start();
    }
    tracker?.stop();
    // Withdrawn: Matomo's own cookies go at once.
    for (const prefix of STATISTICS_COOKIE_PREFIXES) deleteCookies(prefix);
    return false;
  };
  const viewNow = () => {
    if (!isOffline()) tracker?.routeUpdated(window.location.href);
  };
  if (apply(readConsent())) viewNow();
  // Consent given on this page: it counts as this page's (first) view.
  const onChange = (event: Event) => {
    if (apply((event as CustomEvent<Consent>).detail)) viewNow();
  };
  window.addEventListener(CONSENT_CHANGE_EVENT, onChange);
  return {
    routeUpdated: (href) => tracker?.routeUpdated(href),
    disconnect: () => {
      window.removeEventListener(CONSENT_CHANGE_EVENT, onChange);
    },
  };
}
