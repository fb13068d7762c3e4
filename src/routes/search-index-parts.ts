// Which pages go into the site search, and in which part of their language's index. Pagefind
// holds a whole index in memory while it writes it, about 100 KB a page (1.6 GB for the 16,000
// English pages of a 64,000-page site), so a language's index is written in parts of at most
// SEARCH_INDEX_PART_PAGES pages, which bounds the build's memory whatever the size of the site.
// The search page merges its language's parts (Pagefind's mergeIndex). A language of fewer pages
// has one part, named by the language: /pagefind/en/.
import type { LocaleId } from '../i18n/locales.ts';
import type { TemplateName } from './page-data.ts';
import type { RouteEntry } from './route-entry.ts';

/** The vocabulary of a part of the index, in its folder (site-generator/search-vocabulary.ts). */
export const SEARCH_VOCABULARY_FILE = 'vocabulary.json';

/**
 * What the search page's document preloads of its language's index (its first part), so that
 * the results page does not wait for the app to ask for them: Pagefind's module, its entry file
 * (with the build's hash, as search-client.ts asks for it: Pagefind's metaCacheTag) and the
 * language's WebAssembly (Pagefind's stemmers cover nl, fr, de and en).
 */
export function searchIndexPreloads(
  part: string,
  language: LocaleId,
  buildHash: string,
): { module: string; fetches: string[] } {
  const folder = `/pagefind/${part}`;
  return {
    module: `${folder}/pagefind.js`,
    fetches: [
      `${folder}/pagefind-entry.json?ts=${buildHash}`,
      `${folder}/wasm.${language}.pagefind`,
    ],
  };
}

/** The most pages in one part of a language's search index. */
export const SEARCH_INDEX_PART_PAGES = 5000;

/** Whether a route belongs in the sitemap and the search index. */
export function isIndexable(route: RouteEntry): boolean {
  return !['notFound', 'search'].includes(route.data.template) && !route.data.noindex;
}

// Splash, search and not-found pages have nothing to find.
const SEARCHABLE = new Set<TemplateName>(['page', 'news', 'newsfeed']);

/** Whether a route's page goes into its language's search index. */
export const isSearchable = (route: RouteEntry): boolean =>
  SEARCHABLE.has(route.data.template) && isIndexable(route);

/** One part of a language's search index: its name (its folder under /pagefind/) and pages. */
export interface SearchIndexPart {
  name: string;
  language: LocaleId;
  paths: string[];
}

/** The name of a language's part: `en` for the first, then `en-2`, `en-3`… */
const partName = (language: LocaleId, part: number) =>
  part === 0 ? language : `${language}-${part + 1}`;

/**
 * Each language's searchable routes, in route order, cut into parts of equal size (within one
 * page) of at most `maxPages` pages; a language with no searchable page has no part.
 */
export function searchIndexParts(
  routes: readonly RouteEntry[],
  maxPages = SEARCH_INDEX_PART_PAGES,
): Map<LocaleId, SearchIndexPart[]> {
  const byLanguage = new Map<LocaleId, string[]>();
  for (const route of routes) {
    if (!isSearchable(route)) continue;
    const language = route.pageContext.language;
    const paths = byLanguage.get(language) ?? [];
    paths.push(route.path);
    byLanguage.set(language, paths);
  }
  const parts = new Map<LocaleId, SearchIndexPart[]>();
  for (const [language, paths] of byLanguage) {
    const count = Math.ceil(paths.length / maxPages);
    const start = (part: number) => Math.floor((part * paths.length) / count);
    parts.set(
      language,
      Array.from({ length: count }, (_, part) => ({
        name: partName(language, part),
        language,
        paths: paths.slice(start(part), start(part + 1)),
      })),
    );
  }
  return parts;
}
