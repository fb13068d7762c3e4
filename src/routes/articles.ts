// The article page of a dated item (news, recognised attack, event): its data, neighbours,
// calendar link and schema.org structured data.
import {
  contentPageDataOf,
  dateOf,
  datedPeer,
  type ContentIndex,
  type DatedItem,
} from './content-index.ts';
import { neighboursOf } from './dated-items.ts';
import { eventCalendarPath } from './feed-paths.ts';
import type { ArticleData } from './page-data.ts';
import type { RouteEntry } from './route-entry.ts';
import { articleStructuredData, eventStructuredData } from './structured-data.ts';

/** The schema.org data of an item: an Event, an Article (attack) or a NewsArticle. */
export function structuredDataOf(index: ContentIndex, item: DatedItem): Record<string, unknown> {
  const { site } = index.content;
  const common = {
    url: `${site.domains[item.lang]}${item.path}`,
    title: item.title,
    summary: item.summary,
    updated: item.updated,
    // As <html lang> says.
    language: item.lang,
    topics: item.topics.map((id) => index.topicLabel(id, item.lang, item)),
    publisher: {
      name: site.administrationName[item.lang],
      url: `${site.domains[item.lang]}/${item.lang}`,
    },
  };
  if (item.kind === 'event') {
    return eventStructuredData({
      ...common,
      start: item.start,
      ...(item.end ? { end: item.end } : {}),
      ...(item.place ? { place: item.place } : {}),
      ...(item.online ? { online: item.online } : {}),
    });
  }
  if (item.kind === 'attack') {
    return articleStructuredData({
      ...common,
      type: 'Article',
      attack: {
        date: item.date,
        country: item.country,
        ...(item.place ? { place: item.place } : {}),
      },
    });
  }
  const source = index.sourceOf(item);
  return articleStructuredData({
    ...common,
    type: 'NewsArticle',
    date: item.date,
    source: { name: source.name[item.lang], url: source.url },
  });
}

/** What the news template shows of a dated item. */
export function articleOf(index: ContentIndex, item: DatedItem): ArticleData {
  const source = item.kind === 'news' ? index.sourceOf(item) : undefined;
  return {
    ...contentPageDataOf(item, index.content.sources),
    kind: item.kind,
    date: dateOf(item),
    ...(item.kind === 'event' && item.end ? { end: item.end } : {}),
    ...(item.kind !== 'news' && item.place ? { place: item.place } : {}),
    ...(item.kind === 'event' && item.online ? { online: item.online } : {}),
    topics: item.topics.map((id) => ({ id, label: index.topicLabel(id, item.lang, item) })),
    ...(source ? { source: { name: source.name[item.lang], url: source.url } } : {}),
    ...neighboursOf(datedPeer(item), index.peersOf(datedPeer(item))),
    ...(item.kind === 'event' ? { calendarPath: eventCalendarPath(item.path) } : {}),
    structuredData: structuredDataOf(index, item),
  };
}

/** The route of a dated item's article page. */
export function articleRoute(index: ContentIndex, item: DatedItem): RouteEntry {
  // Its listing page is both its search-result section and the breadcrumb before its title.
  const listing = index.listingPageOf(item);
  return {
    path: item.path,
    pageContext: index.context(item.lang, index.langSlugsOf(item)),
    data: {
      template: 'news',
      title: item.title,
      description: item.summary,
      ...(listing
        ? { section: listing.title, parent: { title: listing.title, path: listing.path } }
        : {}),
      article: articleOf(index, item),
    },
  };
}
