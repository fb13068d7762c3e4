import { describe, expect, it } from 'vitest';
import { cacheControlFor, fileForPath } from './url-rules.ts';

describe('fileForPath', () => {
  it('maps pages to their index.html and files to themselves', () => {
    expect(fileForPath('/')).toBe('index.html');
    expect(fileForPath('/nl/eerste-stappen')).toBe('nl/eerste-stappen/index.html');
    expect(fileForPath('/page-data/app-data.json')).toBe('page-data/app-data.json');
    expect(fileForPath('/pagefind/pagefind.fr_132a3a126e.pf_meta')).toBe(
      'pagefind/pagefind.fr_132a3a126e.pf_meta',
    );
  });
});

describe('cacheControlFor', () => {
  it('caches hashed assets for a year and revalidates the rest', () => {
    expect(cacheControlFor('assets/entry-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('media/desk-0123456789-960.webp')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('nl/index.html')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('page-data/app-data.json')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('sw.js')).toBe('public, max-age=0, must-revalidate');
  });
});
