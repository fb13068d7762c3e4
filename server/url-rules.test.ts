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
    // The follow-up page (issue 41) and its data are never kept; a neighbour still is.
    expect(cacheControlFor('en/follow-up/index.html')).toBe('no-store');
    expect(cacheControlFor('de/nachverfolgung/index.html')).toBe('no-store');
    expect(cacheControlFor('page-data/fr/suivi/page-data.json')).toBe('no-store');
    // Their precompressed copies, which the server sends when the browser takes them.
    expect(cacheControlFor('en/follow-up/index.html.br')).toBe('no-store');
    expect(cacheControlFor('nl/opvolging-oud/index.html')).toBe(
      'public, max-age=0, must-revalidate',
    );
  });

  it("caches the search index's hashed files for a year and revalidates the ones it names alike every build", () => {
    const year = 'public, max-age=31536000, immutable';
    const revalidate = 'public, max-age=0, must-revalidate';
    expect(cacheControlFor('pagefind/en/index/en_3662a12.pf_index')).toBe(year);
    expect(cacheControlFor('pagefind/en-2/fragment/en_152ecf8.pf_fragment')).toBe(year);
    expect(cacheControlFor('pagefind/nl/filter/nl_8a1b2c3.pf_filter')).toBe(year);
    expect(cacheControlFor('pagefind/fr/pagefind.fr_132a3a126e.pf_meta')).toBe(year);
    expect(cacheControlFor('pagefind/fr/pagefind.fr_132a3a126e.pf_meta.gz')).toBe(year);
    for (const file of [
      'pagefind/en/pagefind.js',
      'pagefind/en/pagefind.js.br',
      'pagefind/en/pagefind-entry.json',
      'pagefind/en/wasm.en.pagefind',
      'pagefind/en/vocabulary.json',
      // Only in a part's own folders: nothing else is named like the index's files.
      'pagefind/en/index/deeper/en_1.pf_index',
      'pagefind/en_3662a12.pf_index',
      'en/pagefind/en/index/en_3662a12.pf_index',
    ])
      expect(cacheControlFor(file), file).toBe(revalidate);
  });
});
