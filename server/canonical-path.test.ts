// The canonical path rules on their own: the table both servers are held to, and a property test
// that no path whatever gives a Location a browser would read as another site.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { URL_CASES } from '../tests/security/url-cases.ts';
import { judgePath } from './canonical-path.ts';

describe('judgePath', () => {
  it.each(URL_CASES)('$target → $status $location', ({ target, status, location }) => {
    const verdict = judgePath(target);
    if (status === 301) expect(verdict).toEqual({ kind: 'redirect', location });
    else if (status === 400) expect(verdict).toEqual({ kind: 'bad' });
    else expect(verdict.kind).toBe('serve');
  });

  it('refuses targets that are not a path', () => {
    expect(judgePath('http://evil.example/en')).toEqual({ kind: 'bad' });
    expect(judgePath('*')).toEqual({ kind: 'bad' });
    expect(judgePath('')).toEqual({ kind: 'bad' });
  });

  it('serves a path with characters no page has under its canonical form, without a redirect', () => {
    expect(judgePath('/en//%5C..%5Cx/')).toEqual({ kind: 'serve', path: '/en/\\..\\x' });
  });

  it('never redirects to a Location a browser reads as another site, whatever the path', () => {
    // Paths built from the characters that matter here, in any order and encoding.
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2F',
      '%2f',
      '%5C',
      '%5c',
      '%2E',
      '%2e',
      '%09',
      '%0A',
      '%00',
      '%25',
      '%',
      'evil.example',
      'en',
      'index.html',
      '?',
      '@',
      ':',
      'é',
      '%C3%A9',
      '%FF',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const verdict = judgePath(`/${pieces.join('')}`);
        if (verdict.kind !== 'redirect') return;
        const path = verdict.location.split('?', 1)[0] ?? '';
        expect(path).toMatch(/^\/(?![/\\])/);
        // Resolved by a browser against our origin, it stays on our origin.
        expect(new URL(verdict.location, 'https://guichet.test').origin).toBe(
          'https://guichet.test',
        );
        // Following it arrives, with at most one more redirect (never a chain of them).
        const next = judgePath(verdict.location);
        if (next.kind === 'redirect') expect(judgePath(next.location).kind).toBe('serve');
        else expect(next.kind).toBe('serve');
      }),
      { numRuns: 5000 },
    );
  });
});
