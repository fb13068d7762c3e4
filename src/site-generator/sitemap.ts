// sitemap.xml with hreflang alternates for every indexable page, and robots.txt pointing to it.
import type { LocaleId } from '../i18n/locales.ts';
import { alternatesOf } from '../routes/head.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import { isIndexable } from '../routes/search-index-parts.ts';
import { escapeHtml as escapeXml } from '../content/escape-html.ts';

/** The sitemap of the indexable routes, with their language alternates. */
export function renderSitemap(
  routes: RouteEntry[],
  hreflangOf: (language: LocaleId) => string,
): string {
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
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

/** robots.txt: everything may be crawled except the API. */
export function renderRobots(origin: string): string {
  return `User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
