// The sitemap of the real content: one file, or an index of files of at most the protocol's
// number of URLs each, which together list the same URLs in the same order.
import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/load-content.ts';
import { buildRouteTable } from '../routes/route-table.ts';
import { sitemapFiles, SITEMAP_MAX_URLS, type SitemapFile } from './sitemap.ts';

const content = loadContent(`${import.meta.dirname}/../../content`, {
  siteUrl: 'https://victims.example.be',
});
const { routes } = buildRouteTable(content);
const hreflangOf = (language: string) => language;
const origin = 'https://victims.example.be';
const sitemaps = (maxUrls?: number) =>
  sitemapFiles(routes, hreflangOf, origin, maxUrls).map((file: SitemapFile) => ({
    file: file.file,
    xml: [...file.chunks()].join(''),
  }));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('sitemapFiles', () => {
  it('writes one sitemap.xml while the URLs fit in one file', () => {
    const files = sitemaps();
    expect(files.map((file) => file.file)).toEqual(['sitemap.xml']);
    const urls = locs(files[0]?.xml ?? '');
    expect(urls.length).toBeGreaterThan(250);
    expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    expect(files[0]?.xml).toContain('<urlset ');
    expect(urls).toContain('https://victims.example.be/en/first-steps');
  });

  it('makes sitemap.xml the index of files of at most the limit when there are more URLs', () => {
    const [whole] = sitemaps();
    const all = locs(whole?.xml ?? '');
    const max = Math.ceil(all.length / 3) - 1;
    const files = sitemaps(max);
    expect(files.map((file) => file.file)).toEqual([
      'sitemap.xml',
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-3.xml',
      'sitemap-4.xml',
    ]);
    const [index, ...parts] = files;
    expect(index?.xml).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    expect(locs(index?.xml ?? '')).toEqual(
      parts.map((part) => `https://victims.example.be/${part.file}`),
    );
    for (const part of parts) expect(locs(part.xml).length).toBeLessThanOrEqual(max);
    // The parts list every URL once, in order, with its alternates.
    expect(parts.flatMap((part) => locs(part.xml))).toEqual(all);
    expect(
      parts.map((part) => part.xml.match(/<xhtml:link /g)?.length ?? 0).reduce((a, b) => a + b),
    ).toBe(whole?.xml.match(/<xhtml:link /g)?.length);
  });
});
