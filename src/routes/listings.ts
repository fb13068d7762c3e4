// The dated lists: the items of a news list, agenda or attacks page, the prerendered pages of a
// list, and the latest news and next events of a home page.
import type { PageItem } from '../content/items.ts';
import { catalogs } from '../i18n/catalogs.ts';
import type { LocaleId } from '../i18n/locales.ts';
import { createTranslator } from '../i18n/translate.ts';
import { contentPageDataOf, dateOf, type ContentIndex } from './content-index.ts';
import { isUpcoming } from './dated-items.ts';
import { agendaCalendarPath, listPagePath, newsFeedPath } from './feed-paths.ts';
import {
  HOME_ITEM_COUNT,
  type HomeUpdates,
  type ListingInfo,
  type ListingItem,
} from './page-data.ts';
import type { RouteEntry } from './route-entry.ts';

/** News items per prerendered page of the news list; "load more" adds as many. */
export const NEWS_PAGE_SIZE = 10;

// Events past the ones shown, in case some end between the build and the visit.
const HOME_SPARE_EVENTS = 3;

/** The items of a kind in a language: the agenda forward in time, news and attacks newest first. */
export function listingOf(
  index: ContentIndex,
  kind: ListingItem['kind'],
  language: LocaleId,
): ListingItem[] {
  const items = index.dated.filter((item) => item.kind === kind && item.lang === language);
  items.sort((a, b) =>
    kind === 'event' ? dateOf(a).localeCompare(dateOf(b)) : dateOf(b).localeCompare(dateOf(a)),
  );
  return items.map((item) => ({
    kind: item.kind,
    title: item.title,
    path: item.path,
    summary: item.summary,
    date: dateOf(item),
    ...(item.kind === 'event' && item.end ? { end: item.end } : {}),
    ...(item.kind !== 'news' && item.place ? { place: item.place } : {}),
    online: item.kind === 'event' && item.online !== undefined,
    topics: item.topics.map((id) => ({ id, label: index.topicLabel(id, language, item) })),
    ...(item.kind === 'news'
      ? { source: { id: item.source, label: index.sourceOf(item).name[language] } }
      : {}),
  }));
}

/** The number of prerendered pages of a list: the news list ten items a page, the agenda one. */
export function listPageCount(index: ContentIndex, kind: 'news' | 'event', language: LocaleId) {
  if (kind !== 'news') return 1;
  const count = index.dated.filter((item) => item.kind === 'news' && item.lang === language).length;
  return Math.max(1, Math.ceil(count / NEWS_PAGE_SIZE));
}

/** What the filters and pagination of a list page need: its pages, topics, sources and feed. */
export function listingInfoOf(
  index: ContentIndex,
  page: PageItem,
  kind: 'news' | 'event',
  listing: ListingItem[],
): ListingInfo {
  const byLabel = (a: { label: string }, b: { label: string }) =>
    a.label.localeCompare(b.label, page.lang);
  const unique = <T extends { id: string }>(terms: T[]) => [
    ...new Map(terms.map((term) => [term.id, term])).values(),
  ];
  const pageCount = listPageCount(index, kind, page.lang);
  return {
    kind,
    basePath: page.path,
    pageNumber: 1,
    pagePaths: Array.from({ length: pageCount }, (_, number) =>
      listPagePath(page.path, page.lang, number + 1),
    ),
    pageSize: kind === 'news' ? NEWS_PAGE_SIZE : Math.max(1, listing.length),
    topics: unique(listing.flatMap((item) => item.topics)).sort(byLabel),
    sources: unique(listing.flatMap((item) => (item.source ? [item.source] : []))).sort(byLabel),
    builtOn: index.builtOn,
    feedPath: kind === 'news' ? newsFeedPath(page.lang) : agendaCalendarPath(page.lang),
  };
}

/** The latest news and the next events of a language, for its home page. */
export function homeUpdatesOf(index: ContentIndex, language: LocaleId): HomeUpdates | undefined {
  const { pages } = index.content;
  const newsPage = pages.find((page) => page.lang === language && page.listing === 'news');
  const agendaPage = pages.find((page) => page.lang === language && page.listing === 'event');
  if (!newsPage || !agendaPage) return undefined;
  const upcoming = listingOf(index, 'event', language).filter((item) =>
    isUpcoming(item, index.builtOn),
  );
  return {
    news: {
      title: newsPage.title,
      path: newsPage.path,
      items: listingOf(index, 'news', language).slice(0, HOME_ITEM_COUNT),
    },
    events: {
      title: agendaPage.title,
      path: agendaPage.path,
      items: upcoming.slice(0, HOME_ITEM_COUNT + HOME_SPARE_EVENTS),
    },
    builtOn: index.builtOn,
  };
}

/**
 * The routes of a news list or agenda page. The news list is prerendered page by page, so that
 * without JavaScript its "Go to page {page}" links lead to older news.
 */
export function listRoutes(
  index: ContentIndex,
  page: PageItem,
  kind: 'news' | 'event',
): RouteEntry[] {
  const section = index.sectionOf(page);
  const listing = listingOf(index, kind, page.lang);
  const listingInfo = listingInfoOf(index, page, kind, listing);
  return listingInfo.pagePaths.map((path, number) => {
    const pageNumber = number + 1;
    const title =
      pageNumber === 1
        ? page.title
        : createTranslator(page.lang, catalogs[page.lang])('listing.pageTitle', {
            title: page.title,
            page: pageNumber,
          });
    return {
      path,
      pageContext: index.context(
        page.lang,
        // A translation with fewer pages links its first page.
        index.langSlugsOf(page).map((slug) => ({
          language: slug.language,
          path:
            pageNumber <= listPageCount(index, kind, slug.language)
              ? listPagePath(slug.path, slug.language, pageNumber)
              : slug.path,
        })),
        false,
      ),
      data: {
        template: 'newsfeed',
        title,
        description: page.summary,
        ...(section ? { section } : {}),
        // Later pages repeat the list's introduction: search engines and the site search
        // index only the first.
        ...(pageNumber === 1
          ? {}
          : { noindex: true as const, parent: { title: page.title, path: page.path } }),
        page: { ...contentPageDataOf(page, index.content.sources), title },
        listing,
        listingInfo: { ...listingInfo, pageNumber },
      },
    };
  });
}
