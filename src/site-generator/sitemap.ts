// sitemap.xml with hreflang alternates for every indexable page, and robots.txt pointing to it.
// A sitemap lists at most 50,000 URLs (sitemaps.org): a larger site gets sitemap-1.xml,
// sitemap-2.xml… and sitemap.xml is then their index. (50,000 entries with four alternates each
// are about 35 MB, under the protocol's 50 MB a file.)
import type { LocaleId } from '../i18n/locales.ts';
import { alternatesOf } from '../routes/head.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import { isIndexable } from '../routes/search-index-parts.ts';
import { escapeHtml as escapeXml } from '../content/escape-html.ts';

/** The most URLs one sitemap file may list. */
export const SITEMAP_MAX_URLS = 50_000;

/** A file of the sitemap, by its name at the site's root. */
export interface SitemapFile {
  file: string;
  xml: string;
}

const urlset = (urls: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;

/**
 * The sitemap of the indexable routes, with their language alternates: sitemap.xml alone, or an
 * index at sitemap.xml (its entries under `origin`) of files of at most `maxUrls` URLs each.
 */
export function renderSitemaps(
  routes: RouteEntry[],
  hreflangOf: (language: LocaleId) => string,
  origin: string,
  maxUrls = SITEMAP_MAX_URLS,
): SitemapFile[] {
  const urls = routes.filter(isIndexable).map((route) => {
    const { domains, language } = route.pageContext;
    const alternates = alternatesOf(route.pageContext, hreflangOf).map(
      (alternate) =>
        `    <xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`,
    );
    return [
      `  <url>`,
      `    <loc>${escapeXml(domains[language] + route.path)}</loc>`,
      ...alternates,
      `  </url>`,
    ].join('\n');
  });
  if (urls.length <= maxUrls) return [{ file: 'sitemap.xml', xml: urlset(urls) }];
  const parts = Array.from({ length: Math.ceil(urls.length / maxUrls) }, (_, part) => ({
    file: `sitemap-${String(part + 1)}.xml`,
    xml: urlset(urls.slice(part * maxUrls, (part + 1) * maxUrls)),
  }));
  const index = parts.map(
    (part) => `  <sitemap>\n    <loc>${escapeXml(`${origin}/${part.file}`)}</loc>\n  </sitemap>`,
  );
  return [
    {
      file: 'sitemap.xml',
      xml: `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${index.join('\n')}
</sitemapindex>
`,
    },
    ...parts,
  ];
}

/** robots.txt: everything may be crawled except the API. */
export function renderRobots(origin: string): string {
  return `User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
