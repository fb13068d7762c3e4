import { describe, expect, it } from 'vitest';
import { pageDataUrl } from '../routes/page-data.ts';
import { normalisePath } from './paths.ts';

describe('normalisePath', () => {
  it.each([
    ['/', '/'],
    ['/index.html', '/'],
    ['/nl/eerste-stappen/', '/nl/eerste-stappen'],
    ['/nl/eerste-stappen/index.html', '/nl/eerste-stappen'],
    ['/fr/d%C3%A9marches', '/fr/démarches'],
    ['/bad%E0%A4%A', '/bad%E0%A4%A'],
  ])('maps %s to %s', (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });
});

describe('pageDataUrl', () => {
  it('uses index for the root and strips slashes elsewhere', () => {
    expect(pageDataUrl('/')).toBe('/page-data/index/page-data.json');
    expect(pageDataUrl('/nl/eerste-stappen')).toBe('/page-data/nl/eerste-stappen/page-data.json');
  });
});
