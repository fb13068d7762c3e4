// Pagefind metadata attributes: the section and date that search results show, and the kind of
// page the site search ranks by.
import type { PageKind } from '../runtime/search/ranking.ts';

// Pagefind reads an inline value ("key:value") up to the end of the attribute, commas included,
// so each inline entry needs an element of its own: "section:News, date:2024-06-05" would make
// the whole string the section.

/** The data-pagefind-meta attribute for a page's section. */
export function sectionMeta(section?: string): { 'data-pagefind-meta'?: string } {
  return section ? { 'data-pagefind-meta': `section:${section}` } : {};
}

/** The data-pagefind-meta attribute for a news item's date (yyyy-mm-dd). */
export function dateMeta(date?: string): { 'data-pagefind-meta'?: string } {
  return date ? { 'data-pagefind-meta': `date:${date}` } : {};
}

/**
 * The data-pagefind-filter attribute that tells the site search what a page is, so that a guide
 * ranks before a news item or an event that matches as well (src/runtime/search/site-search.ts).
 */
export function kindFilter(kind: PageKind): { 'data-pagefind-filter': string } {
  return { 'data-pagefind-filter': `kind:${kind}` };
}
