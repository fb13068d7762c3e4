// The statistics gate and the tracker's `_paq` commands, with a fake clock and queue.
import { describe, expect, it } from 'vitest';
import {
  analyticsAllowed,
  createTracker,
  trackedUrl,
  TRACK_DELAY_MS,
  type TrackerDeps,
} from './analytics.ts';

const CONFIG = { matomoUrl: 'https://stats.example/', siteId: '3' };

function fakeDeps() {
  const queue: unknown[][] = [];
  const scripts: string[] = [];
  const timers = new Map<number, { at: number; callback: () => void }>();
  let clock = 0;
  let nextTimer = 1;
  let title = 'Home';
  // The document's load ended at 100 ms unless a test says it is still loading.
  let loadedAt: number | null = 100;
  const waiting: ((ms: number) => void)[] = [];
  const deps: TrackerDeps = {
    queue: () => ({ push: (command) => queue.push(command) }),
    loadScript: (src) => scripts.push(src),
    whenLoaded: (report) => {
      if (loadedAt === null) waiting.push(report);
      else report(loadedAt);
    },
    title: () => title,
    setTimeout: (callback, ms) => {
      timers.set(nextTimer, { at: clock + ms, callback });
      return nextTimer++;
    },
    clearTimeout: (timer) => {
      timers.delete(timer);
    },
  };
  const advance = (ms: number) => {
    clock += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at > clock) continue;
      timers.delete(id);
      timer.callback();
    }
  };
  const setTitle = (value: string) => {
    title = value;
  };
  const stillLoading = () => {
    loadedAt = null;
  };
  const finishLoad = (ms: number) => {
    loadedAt = ms;
    for (const report of waiting.splice(0)) report(ms);
  };
  return { deps, queue, scripts, advance, setTitle, stillLoading, finishLoad };
}

describe('analyticsAllowed', () => {
  it('needs a configuration, a production build and analytics consent', () => {
    expect(analyticsAllowed(CONFIG, false, true)).toBe(true);
    expect(analyticsAllowed(CONFIG, true, true)).toBe(false);
    expect(analyticsAllowed(CONFIG, false, false)).toBe(false);
    expect(analyticsAllowed(null, false, true)).toBe(false);
  });
});

describe('trackedUrl', () => {
  it('strips the search query q and keeps other parameters', () => {
    expect(trackedUrl('https://site.example/en/search?q=my+name&page=2')).toBe(
      'https://site.example/en/search?page=2',
    );
    expect(trackedUrl('https://site.example/en/news')).toBe('https://site.example/en/news');
  });

  it('strips the fragment, where "What applies to me?" keeps the answers', () => {
    expect(
      trackedUrl(
        'https://site.example/en/what-applies-to-me#screen=plan&where=belgium&role=injured',
      ),
    ).toBe('https://site.example/en/what-applies-to-me');
  });
});

describe('createTracker', () => {
  it('sets up once, then pushes each page view 32 ms after the route update', () => {
    const { deps, queue, scripts, advance, setTitle } = fakeDeps();
    const tracker = createTracker(CONFIG, deps);
    expect(queue).toEqual([]);
    advance(100);
    expect(tracker.start()).toBe(true);
    expect(scripts).toEqual(['https://stats.example/matomo.js']);
    tracker.routeUpdated('https://site.example/en');
    advance(TRACK_DELAY_MS - 1);
    expect(queue).toHaveLength(4);
    advance(1);
    tracker.routeUpdated('https://site.example/en/search?q=secret');
    setTitle('Search');
    advance(TRACK_DELAY_MS);
    expect(queue).toEqual([
      ['requireConsent'],
      ['setTrackerUrl', 'https://stats.example/matomo.php'],
      ['setSiteId', '3'],
      ['setConsentGiven'],
      ['trackEvent', 'javascript', 'load', 'duration', 100],
      ['setCustomUrl', 'https://site.example/en'],
      ['setDocumentTitle', 'Home'],
      ['trackPageView'],
      ['enableLinkTracking'],
      ['setReferrerUrl', 'https://site.example/en'],
      ['setCustomUrl', 'https://site.example/en/search'],
      ['setDocumentTitle', 'Search'],
      ['trackPageView'],
      ['enableLinkTracking'],
    ]);
  });

  it('pushes nothing before start and nothing after stop', () => {
    const { deps, queue, scripts, advance } = fakeDeps();
    const tracker = createTracker(CONFIG, deps);
    tracker.routeUpdated('https://site.example/en');
    advance(100);
    expect(queue).toEqual([]);
    expect(scripts).toEqual([]);
    tracker.start();
    tracker.routeUpdated('https://site.example/en/news');
    tracker.stop();
    advance(100);
    tracker.routeUpdated('https://site.example/en/agenda');
    advance(100);
    expect(queue.slice(4)).toEqual([['forgetConsentGiven']]);
    expect(tracker.start()).toBe(true);
    expect(tracker.start()).toBe(false);
    expect(queue.slice(5)).toEqual([['setConsentGiven']]);
    expect(scripts).toHaveLength(1);
  });

  // Regression: on a first visit consent comes after the load, and the event reported the time
  // until the click.
  it('reports the load time of the document when consent comes long after it', () => {
    const { deps, queue, advance } = fakeDeps();
    const tracker = createTracker(CONFIG, deps);
    tracker.routeUpdated('https://site.example/en');
    advance(45_000);
    tracker.start();
    tracker.routeUpdated('https://site.example/en');
    advance(TRACK_DELAY_MS);
    expect(queue.slice(4, 6)).toEqual([
      ['trackEvent', 'javascript', 'load', 'duration', 100],
      ['setCustomUrl', 'https://site.example/en'],
    ]);
  });

  it('reports the load time once the load ends when the first page view comes before', () => {
    const { deps, queue, advance, stillLoading, finishLoad } = fakeDeps();
    stillLoading();
    const tracker = createTracker(CONFIG, deps);
    tracker.start();
    tracker.routeUpdated('https://site.example/en');
    advance(TRACK_DELAY_MS);
    expect(queue.filter((command) => command[0] === 'trackEvent')).toEqual([]);
    finishLoad(1234.4);
    expect(queue.at(-1)).toEqual(['trackEvent', 'javascript', 'load', 'duration', 1234]);
    tracker.routeUpdated('https://site.example/en/news');
    advance(TRACK_DELAY_MS);
    expect(queue.filter((command) => command[0] === 'trackEvent')).toHaveLength(1);
  });
});
