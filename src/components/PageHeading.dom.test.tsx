// The top of a content page: the link down to its form ("Write to us") at the top and at the end
// of "On this page", and a guide's place in "What applies to me?".
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContentPageData } from '../routes/page-data.ts';
import { createStaticRouter } from '../runtime/router.ts';
import { ChromeProvider } from './Chrome.tsx';
import { PageHeading } from './PageHeading.tsx';
import { RouterProvider } from './router/RouterProvider.tsx';
import { testChrome } from './testing/test-chrome.ts';

const page: ContentPageData = {
  title: 'Contacts',
  summary: 'Whom to call.',
  updated: '2026-11-23',
  html: '',
  toc: ['Emergency', 'Rights', 'Talk', 'Abroad'].map((text) => ({
    id: text.toLowerCase(),
    text,
  })),
};

const renderIn = (language: 'en' | 'nl', props: Parameters<typeof PageHeading>[0]) =>
  render(
    <RouterProvider router={createStaticRouter(`/${language}/contacts`, null)}>
      <ChromeProvider chrome={testChrome(language)}>
        <PageHeading {...props} />
      </ChromeProvider>
    </RouterProvider>,
  );

afterEach(cleanup);

describe('PageHeading', () => {
  it('links to the page’s form at its top and at the end of "On this page"', () => {
    renderIn('en', { page, form: { id: 'contact', link: 'Write to us' } });
    const links = screen.getAllByRole('link', { name: 'Write to us' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#contact-title',
      '#contact-title',
    ]);
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Emergency', 'Rights', 'Talk', 'Abroad', 'Write to us']);
  });

  it('has no form link on a page without a form', () => {
    renderIn('en', { page });
    expect(screen.queryByRole('link', { name: 'Write to us' })).toBeNull();
  });

  it('says which steps of "What applies to me?" a guide explains, with a link to it', () => {
    renderIn('nl', {
      page,
      partOf: {
        title: 'Wat geldt voor mij?',
        path: '/nl/wat-geldt-voor-mij',
        count: 2,
        steps: '1 en 3',
      },
    });
    const line = screen.getByText(/^Onderdeel van:/);
    expect(line.textContent).toBe('Onderdeel van: Wat geldt voor mij? — stappen 1 en 3');
    expect(within(line).getByRole('link').getAttribute('href')).toBe('/nl/wat-geldt-voor-mij');
  });
});
