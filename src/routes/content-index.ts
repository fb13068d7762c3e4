// The content model indexed once for the route builders: translations of each item, lookups
// that name the file of a broken reference, the build day, and the page context of a route.
import type { SiteContent } from '../content/load-content.ts';
import type { AttackItem, ContentItem, EventItem, NewsItem, PageItem } from '../content/items.ts';
import type { Sources } from '../content/taxonomy.ts';
import { todayInBrussels } from '../i18n/brussels-time.ts';
import type { LocaleId } from '../i18n/locales.ts';
import { peerGroups, type Dated } from './dated-items.ts';
import type { ContentPageData, LangSlug, PageContext, SourceLink } from './page-data.ts';

export type DatedItem = NewsItem | AttackItem | EventItem;

/** The date an item is listed under: an event's start, otherwise its date. */
export const dateOf = (item: DatedItem): string => (item.kind === 'event' ? item.start : item.date);

/** A dated item as dated-items.ts orders and relates it. */
export const datedPeer = (item: DatedItem) => ({ ...item, date: dateOf(item) });

export interface ContentIndex {
  content: SiteContent;
  /** News, attacks and events, in that order. */
  dated: DatedItem[];
  /** The Brussels date of the build (YYYY-MM-DD). */
  builtOn: string;
  /** The same item in every language it exists in, this one included. */
  langSlugsOf: (item: ContentItem) => LangSlug[];
  /** The page `key` in `language`; `where` names the reference when it is missing. */
  pageOf: (key: string, language: LocaleId, where: string) => PageItem;
  topicLabel: (id: string, language: LocaleId, item: ContentItem) => string;
  sourceOf: (item: NewsItem) => Sources[string];
  /** The listing page (news, agenda, attacks) a dated item sits under. */
  listingPageOf: (item: ContentItem) => PageItem | undefined;
  /** The section a page is shown under in search results: its menu group or its listing page. */
  sectionOf: (item: ContentItem) => string | undefined;
  /** The items an article's related links are chosen from. */
  peersOf: (item: Dated) => Dated[];
  context: (language: LocaleId, langSlugs: LangSlug[], frontpage?: boolean) => PageContext;
}

/** Indexes the content for the route builders; `builtOn` is today in Brussels unless given. */
export function indexContent(content: SiteContent, builtOn = todayInBrussels()): ContentIndex {
  const { site, menus, pages, topics, sources } = content;
  const dated: DatedItem[] = [...content.news, ...content.attacks, ...content.events];
  const translations = new Map<string, LangSlug[]>();
  for (const item of [...pages, ...dated]) {
    const key = `${item.kind}:${item.translationKey}`;
    translations.set(key, [
      ...(translations.get(key) ?? []),
      { language: item.lang, path: item.path },
    ]);
  }
  const listingPageOf = (item: ContentItem) =>
    pages.find((page) => page.lang === item.lang && page.listing === item.kind);
  return {
    content,
    dated,
    builtOn,
    langSlugsOf: (item) => translations.get(`${item.kind}:${item.translationKey}`) ?? [],
    pageOf: (key, language, where) => {
      const page = pages.find(
        (candidate) => candidate.translationKey === key && candidate.lang === language,
      );
      if (!page) throw new Error(`${where}: no ${language} page for translationKey "${key}"`);
      return page;
    },
    topicLabel: (id, language, item) => {
      const topic = topics[id];
      if (!topic)
        throw new Error(`${item.file}: unknown topic "${id}" (content/taxonomy/topics.yaml)`);
      return topic[language];
    },
    sourceOf: (item) => {
      const source = sources[item.source];
      if (!source)
        throw new Error(
          `${item.file}: unknown source "${item.source}" (content/taxonomy/sources.yaml)`,
        );
      return source;
    },
    listingPageOf,
    sectionOf: (item) => {
      if (item.kind === 'page') {
        const group = menus.main.find((candidate) => candidate.items.includes(item.translationKey));
        return group?.label[item.lang];
      }
      return listingPageOf(item)?.title;
    },
    peersOf: peerGroups(dated.map(datedPeer)),
    context: (language, langSlugs, frontpage = false) => ({
      language,
      langSlugs,
      frontpage,
      domains: site.domains,
    }),
  };
}

/** The sources of an item as links, taxonomy ids resolved in the item's language. */
export function sourceLinksOf(item: ContentItem, taxonomy: Sources): SourceLink[] {
  if (item.kind === 'event' || !item.sources) return [];
  return item.sources.map((ref) => {
    if ('url' in ref) {
      const lang = ref.lang !== undefined && ref.lang !== item.lang ? { lang: ref.lang } : {};
      return { title: ref.title, url: ref.url, ...lang, checked: ref.checked };
    }
    const source = taxonomy[ref.id];
    if (!source) {
      throw new Error(`${item.file}: unknown source "${ref.id}" (content/taxonomy/sources.yaml)`);
    }
    return { title: source.name[item.lang], url: source.url, checked: ref.checked };
  });
}

/** The body of a content item as a template shows it: text, table of contents, sources. */
export function contentPageDataOf(item: ContentItem, taxonomy: Sources): ContentPageData {
  const sources = sourceLinksOf(item, taxonomy);
  return {
    title: item.title,
    summary: item.summary,
    updated: item.updated,
    html: item.html,
    toc: item.toc,
    ...(sources.length > 0 ? { sources } : {}),
  };
}
