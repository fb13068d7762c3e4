// The home page's next events: the build day's list in the prerendered HTML, today's after
// hydration, with a spare event taking the place of one that ended in between.
import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeUpdates as HomeUpdatesData, ListingItem } from '../routes/page-data.ts';
import { createStaticRouter } from '../runtime/router.ts';
import { ChromeProvider } from './Chrome.tsx';
import { HomeUpdates } from './HomeUpdates.tsx';
import { RouterProvider } from './router/RouterProvider.tsx';
import { testChrome } from './testing/test-chrome.ts';

const event = (title: string, date: string, end?: string): ListingItem => ({
  kind: 'event',
  title,
  path: `/en/agenda/${title.toLowerCase().replace(/\W+/g, '-')}`,
  summary: `About ${title}.`,
  date,
  ...(end ? { end } : {}),
  online: false,
  topics: [],
});

const home: HomeUpdatesData = {
  builtOn: '2026-11-10',
  news: { title: 'News', path: '/en/news', items: [] },
  events: {
    title: 'Agenda',
    path: '/en/agenda',
    items: [
      event('Workshop', '2026-11-09', '2026-11-12'),
      event('Evening', '2026-11-14T19:00', '2026-11-14T21:00'),
      event('Commemoration', '2027-03-22T10:00'),
      event('Meeting', '2027-06-15'),
    ],
  },
};

const tree = (
  <RouterProvider router={createStaticRouter('/en', null)}>
    <ChromeProvider chrome={testChrome('en')}>
      <HomeUpdates home={home} />
    </ChromeProvider>
  </RouterProvider>
);

describe('the next events of a home page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Three days after the build, at 10:00 in Brussels: the workshop has ended.
    vi.setSystemTime(new Date('2026-11-13T09:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are those of the build day in the prerendered HTML', () => {
    const html = renderToString(tree);
    const titles = [...html.matchAll(/<h3 class="item-list__title"><a [^>]*>([^<]+)</g)].map(
      (match) => match[1],
    );
    expect(titles).toEqual(['Workshop', 'Evening', 'Commemoration']);
  });

  it('are those of today once in the browser: an ended event gives its place to the next one', () => {
    render(tree);
    const region = screen.getByRole('region', { name: 'Upcoming events' });
    expect(
      within(region)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Evening', 'Commemoration', 'Meeting']);
  });
});
