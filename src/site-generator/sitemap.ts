// sitemap.xml with hreflang alternates for every indexable page, and robots.txt pointing to it.
// A sitemap lists at most 50,000 URLs (sitemaps.org): a larger site gets sitemap-1.xml,
// sitemap-2.xml… and sitemap.xml is then their index. (50,000 entries with four alternates each
// are about 35 MB, under the protocol's 50 MB a file.)
// Each file's text comes in chunks, written and compressed as it comes (writeCompressedChunks):
// made whole, the 64,000-page site's sitemap added 160 MB to the build's peak, at its very end.
import type { LocaleId } from '../i18n/locales.ts';
import { alternatesOf } from '../routes/head.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import { isIndexable } from '../routes/search-index-parts.ts';
import { escapeHtml as escapeXml } from '../content/escape-html.ts';

/** The most URLs one sitemap file may list. */
export const SITEMAP_MAX_URLS = 50_000;
// URLs in one chunk of a file's text (about 560 bytes each).
const URLS_PER_CHUNK = 500;

/** A file of the sitemap, by its name at the site's root, and its text in chunks. */
export interface SitemapFile {
  file: string;
  /** Makes the file's text, chunk after chunk (each call starts again). */
  chunks: () => Generator<string>;
}

const URLSET_START = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
`;
const URLSET_END = `</urlset>
`;

/** The sitemap entries of `routes`, one `<url>` element a line group, joined by newlines. */
function* urlset(
  routes: RouteEntry[],
  hreflangOf: (language: LocaleId) => string,
): Generator<string> {
  yield URLSET_START;
  for (let start = 0; start < routes.length; start += URLS_PER_CHUNK) {
    const urls = routes.slice(start, start + URLS_PER_CHUNK).map((route) => {
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
    yield `${urls.join('\n')}\n`;
  }
  yield URLSET_END;
}

/**
 * The sitemap of the indexable routes, with their language alternates: sitemap.xml alone, or an
 * index at sitemap.xml (its entries under `origin`) of files of at most `maxUrls` URLs each.
 */
export function sitemapFiles(
  routes: RouteEntry[],
  hreflangOf: (language: LocaleId) => string,
  origin: string,
  maxUrls = SITEMAP_MAX_URLS,
): SitemapFile[] {
  const indexable = routes.filter(isIndexable);
  if (indexable.length <= maxUrls)
    return [{ file: 'sitemap.xml', chunks: () => urlset(indexable, hreflangOf) }];
  const parts = Array.from({ length: Math.ceil(indexable.length / maxUrls) }, (_, part) => {
    const share = indexable.slice(part * maxUrls, (part + 1) * maxUrls);
    return { file: `sitemap-${String(part + 1)}.xml`, chunks: () => urlset(share, hreflangOf) };
  });
  const index = parts.map(
    (part) => `  <sitemap>\n    <loc>${escapeXml(`${origin}/${part.file}`)}</loc>\n  </sitemap>`,
  );
  const indexXml = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${index.join('\n')}
</sitemapindex>
`;
  return [
    {
      file: 'sitemap.xml',
      chunks: function* () {
        yield indexXml;
      },
    },
    ...parts,
  ];
}

/** robots.txt: everything may be crawled except the API. */
export function renderRobots(origin: string): string {
  return `User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
