// Which links the app follows itself, and the path it goes to: normalised as the server would.
import { describe, expect, it } from 'vitest';
import { pagePathOfLink } from './paths.ts';

const ORIGIN = 'https://guichet.test';
const link = (href: string, attributes: Record<string, string> = {}) => {
  const anchor = document.createElement('a');
  anchor.href = new URL(href, ORIGIN).href;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  return anchor;
};

describe('pagePathOfLink', () => {
  it.each([
    ['/en/contacts', '/en/contacts'],
    // Regression: the address bar kept the trailing slash of a link.
    ['/en/contacts/', '/en/contacts'],
    ['/en/contacts/index.html', '/en/contacts'],
    ['/index.html', '/'],
    ['/', '/'],
    ['/en/contacts/?from=mail#phone', '/en/contacts'],
  ])('follows %s to %s', (href, expected) => {
    expect(pagePathOfLink(link(href), ORIGIN)).toBe(expected);
  });

  it.each([
    ['another origin', link('https://example.org/en/contacts')],
    ['a new window', link('/en/contacts', { target: '_blank' })],
    ['a download', link('/en/contacts', { download: '' })],
    ['a calendar file', link('/en/agenda.ics')],
    ['the API', link('/api/health')],
  ])('leaves %s to the browser', (_, anchor) => {
    expect(pagePathOfLink(anchor, ORIGIN)).toBeNull();
  });
});
