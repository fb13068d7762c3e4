// Page-view statistics through a Matomo `_paq` queue (docs/runtime.md "Analytics"): only in
// production builds, only with analytics consent, never for the offline page; matomo.js loads after consent.
// The load-duration event reports the document's load time from Navigation Timing, whenever it
// is sent: on a first visit consent comes after the load, and the time until the click is not a
// load time.

export interface AnalyticsConfig {
  /** The Matomo base URL, ending with "/". */
  matomoUrl: string;
  siteId: string;
}

/** After a route update, wait this long so the new document title is in place. */
export const TRACK_DELAY_MS = 32;

type Command = [string, ...unknown[]];

export interface TrackerDeps {
  /** The `_paq` queue (window._paq, created when missing). */
  queue: () => { push: (command: Command) => unknown };
  loadScript: (src: string) => void;
  /**
   * Calls `report` with the document's load time in milliseconds (Navigation Timing's
   * loadEventEnd): at once when the load has ended, else when it ends.
   */
  whenLoaded: (report: (ms: number) => void) => void;
  title: () => string;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (timer: number) => void;
}

/** Whether statistics may run: configured, a production build, and analytics consent. */
export function analyticsAllowed(
  config: AnalyticsConfig | null | undefined,
  dev: boolean,
  analyticsConsent: boolean,
): config is AnalyticsConfig {
  return Boolean(config) && !dev && analyticsConsent;
}

/**
 * The URL sent to the tracker: without the search query `q` (it could identify a person) and
 * without the fragment ("What applies to me?" keeps the reader's answers there).
 */
export function trackedUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('q');
  url.hash = '';
  return url.href;
}

export interface Tracker {
  /** Consent given: set up once (then load matomo.js), or resume; false when already running. */
  start: () => boolean;
  /** Consent withdrawn: pending page views are dropped and Matomo forgets the consent. */
  stop: () => void;
  /** A route update at `href`: its page view is pushed TRACK_DELAY_MS later. */
  routeUpdated: (href: string) => void;
}

export function createTracker(config: AnalyticsConfig, deps: TrackerDeps): Tracker {
  let set = false;
  let running = false;
  let first = true;
  let previousUrl: string | undefined;
  let timer: number | undefined;
  const push = (command: Command) => deps.queue().push(command);

  return {
    start() {
      if (running) return false;
      running = true;
      if (!set) {
        set = true;
        push(['requireConsent']);
        push(['setTrackerUrl', `${config.matomoUrl}matomo.php`]);
        push(['setSiteId', config.siteId]);
        push(['setConsentGiven']);
        deps.loadScript(`${config.matomoUrl}matomo.js`);
      } else {
        push(['setConsentGiven']);
      }
      return true;
    },
    stop() {
      if (!running) return;
      running = false;
      if (timer !== undefined) deps.clearTimeout(timer);
      timer = undefined;
      push(['forgetConsentGiven']);
    },
    routeUpdated(href) {
      if (!running) return;
      if (timer !== undefined) deps.clearTimeout(timer);
      const url = trackedUrl(href);
      timer = deps.setTimeout(() => {
        timer = undefined;
        if (!running) return;
        // Before the first page view, unless the document is still loading.
        if (first)
          deps.whenLoaded((ms) => {
            if (running) push(['trackEvent', 'javascript', 'load', 'duration', Math.round(ms)]);
          });
        if (previousUrl !== undefined) push(['setReferrerUrl', previousUrl]);
        push(['setCustomUrl', url]);
        push(['setDocumentTitle', deps.title()]);
        push(['trackPageView']);
        push(['enableLinkTracking']);
        first = false;
        previousUrl = url;
      }, TRACK_DELAY_MS);
    },
  };
}

declare global {
  interface Window {
    _paq?: { push: (command: Command) => unknown };
  }
}

const loadEventEnd = (): number => {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.loadEventEnd ?? 0;
};

/** The browser's dependencies: window._paq, a script element, Navigation Timing. */
export function browserTrackerDeps(): TrackerDeps {
  return {
    queue: () => (window._paq ??= [] as Command[]),
    loadScript: (src) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      document.head.append(script);
    },
    whenLoaded: (report) => {
      if (loadEventEnd() > 0) {
        report(loadEventEnd());
        return;
      }
      // loadEventEnd is set once the load event's listeners have run. A browser without
      // Navigation Timing gets the time until the load event instead.
      window.addEventListener(
        'load',
        () => {
          window.setTimeout(() => {
            report(loadEventEnd() || performance.now());
          });
        },
        { once: true },
      );
    },
    title: () => document.title,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (timer) => {
      window.clearTimeout(timer);
    },
  };
}
