// The route table: every URL of the site with its template, page context and data, derived
// from the content model. The prerender walks it; the server and tests read its output.
import type { SiteContent } from '../content/load-content.ts';
import type { AttackItem, ContentItem, EventItem, NewsItem, PageItem } from '../content/items.ts';
import { catalogs, compileCatalog } from '../i18n/catalogs.ts';
import { DEFAULT_LOCALE, LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { createTranslator } from '../i18n/translate.ts';
import { todayInBrussels } from '../i18n/brussels-time.ts';
import { isUpcoming, neighboursOf, peerGroups } from './dated-items.ts';
import { agendaCalendarPath, eventCalendarPath, listPagePath, newsFeedPath } from './feed-paths.ts';
import { articleStructuredData, eventStructuredData } from './structured-data.ts';
import {
  notFoundPath,
  offlinePath,
  type ArticleData,
  type ContentPageData,
  HOME_ITEM_COUNT,
  type HomeUpdates,
  type LangSlug,
  type ListingInfo,
  type ListingItem,
  type MenuLink,
  type PageContext,
  type SourceLink,
  type StaticQueryData,
  type TemplateData,
} from './page-data.ts';
import { escapeHtml } from '../content/escape-html.ts';
import type { Sources } from '../content/taxonomy.ts';
import { localizeForm } from '../forms/local-form.ts';

export interface RouteEntry {
  path: string;
  matchPath?: string;
  pageContext: PageContext;
  data: TemplateData;
}

export interface RouteTable {
  routes: RouteEntry[];
  /** Chrome data per language, written once as a static query and shared by its pages. */
  chrome: Record<LocaleId, StaticQueryData>;
}

type DatedItem = NewsItem | AttackItem | EventItem;

const dateOf = (item: DatedItem): string => (item.kind === 'event' ? item.start : item.date);

/** News items per prerendered page of the news list; "load more" adds as many. */
export const NEWS_PAGE_SIZE = 10;

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

const pageDataOf = (item: ContentItem, taxonomy: Sources): ContentPageData => {
  const sources = sourceLinksOf(item, taxonomy);
  return {
    title: item.title,
    summary: item.summary,
    updated: item.updated,
    html: item.html,
    toc: item.toc,
    ...(sources.length > 0 ? { sources } : {}),
  };
};

// Events past the ones shown, in case some end between the build and the visit.
const HOME_SPARE_EVENTS = 3;

/** Builds the route table; throws on duplicate paths and on menu entries without a page. */
export function buildRouteTable(content: SiteContent): RouteTable {
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
  const langSlugsOf = (item: ContentItem) =>
    translations.get(`${item.kind}:${item.translationKey}`) ?? [];

  const pageOf = (key: string, language: LocaleId, where: string): PageItem => {
    const page = pages.find(
      (candidate) => candidate.translationKey === key && candidate.lang === language,
    );
    if (!page) throw new Error(`${where}: no ${language} page for translationKey "${key}"`);
    return page;
  };
  const topicLabel = (id: string, language: LocaleId, item: ContentItem) => {
    const topic = topics[id];
    if (!topic)
      throw new Error(`${item.file}: unknown topic "${id}" (content/taxonomy/topics.yaml)`);
    return topic[language];
  };
  const listingOf = (kind: ListingItem['kind'], language: LocaleId): ListingItem[] => {
    const items = dated.filter((item) => item.kind === kind && item.lang === language);
    // The agenda reads forward in time; news and attacks newest first.
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
      topics: item.topics.map((id) => ({ id, label: topicLabel(id, language, item) })),
      ...(item.kind === 'news'
        ? { source: { id: item.source, label: sourceOf(item).name[language] } }
        : {}),
    }));
  };
  const sourceOf = (item: NewsItem) => {
    const source = sources[item.source];
    if (!source)
      throw new Error(
        `${item.file}: unknown source "${item.source}" (content/taxonomy/sources.yaml)`,
      );
    return source;
  };
  const builtOn = todayInBrussels();
  // The number of prerendered pages of a list: the news list ten items a page, the agenda one.
  const listPageCount = (kind: 'news' | 'event', language: LocaleId) =>
    kind === 'news'
      ? Math.max(
          1,
          Math.ceil(
            dated.filter((item) => item.kind === 'news' && item.lang === language).length /
              NEWS_PAGE_SIZE,
          ),
        )
      : 1;
  const listingInfoOf = (
    page: PageItem,
    kind: 'news' | 'event',
    listing: ListingItem[],
  ): ListingInfo => {
    const byLabel = (a: { label: string }, b: { label: string }) =>
      a.label.localeCompare(b.label, page.lang);
    const unique = <T extends { id: string }>(terms: T[]) => [
      ...new Map(terms.map((term) => [term.id, term])).values(),
    ];
    const pageCount = listPageCount(kind, page.lang);
    return {
      kind,
      basePath: page.path,
      pageNumber: 1,
      pagePaths: Array.from({ length: pageCount }, (_, index) =>
        listPagePath(page.path, page.lang, index + 1),
      ),
      pageSize: kind === 'news' ? NEWS_PAGE_SIZE : Math.max(1, listing.length),
      topics: unique(listing.flatMap((item) => item.topics)).sort(byLabel),
      sources: unique(listing.flatMap((item) => (item.source ? [item.source] : []))).sort(byLabel),
      builtOn,
      feedPath: kind === 'news' ? newsFeedPath(page.lang) : agendaCalendarPath(page.lang),
    };
  };
  // The latest news and the next events of a language, for its home page.
  const homeUpdatesOf = (language: LocaleId): HomeUpdates | undefined => {
    const newsPage = pages.find((page) => page.lang === language && page.listing === 'news');
    const agendaPage = pages.find((page) => page.lang === language && page.listing === 'event');
    if (!newsPage || !agendaPage) return undefined;
    const upcoming = listingOf('event', language).filter((item) => isUpcoming(item, builtOn));
    return {
      news: {
        title: newsPage.title,
        path: newsPage.path,
        items: listingOf('news', language).slice(0, HOME_ITEM_COUNT),
      },
      events: {
        title: agendaPage.title,
        path: agendaPage.path,
        items: upcoming.slice(0, HOME_ITEM_COUNT + HOME_SPARE_EVENTS),
      },
      builtOn,
    };
  };
  const datedPeer = (item: DatedItem) => ({ ...item, date: dateOf(item) });
  const peersOf = peerGroups(dated.map(datedPeer));
  const articleOf = (item: DatedItem): ArticleData => {
    const source = item.kind === 'news' ? sourceOf(item) : undefined;
    return {
      ...pageDataOf(item, sources),
      kind: item.kind,
      date: dateOf(item),
      ...(item.kind === 'event' && item.end ? { end: item.end } : {}),
      ...(item.kind !== 'news' && item.place ? { place: item.place } : {}),
      ...(item.kind === 'event' && item.online ? { online: item.online } : {}),
      topics: item.topics.map((id) => ({ id, label: topicLabel(id, item.lang, item) })),
      ...(source ? { source: { name: source.name[item.lang], url: source.url } } : {}),
      ...neighboursOf(datedPeer(item), peersOf(datedPeer(item))),
      ...(item.kind === 'event' ? { calendarPath: eventCalendarPath(item.path) } : {}),
      structuredData: structuredDataOf(item),
    };
  };
  const structuredDataOf = (item: DatedItem): Record<string, unknown> => {
    const common = {
      url: `${site.domains[item.lang]}${item.path}`,
      title: item.title,
      summary: item.summary,
      updated: item.updated,
      // As <html lang> says.
      language: item.lang,
      topics: item.topics.map((id) => topicLabel(id, item.lang, item)),
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
    const source = item.kind === 'news' ? sourceOf(item) : undefined;
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
    return articleStructuredData({
      ...common,
      type: 'NewsArticle',
      date: item.date,
      ...(source ? { source: { name: source.name[item.lang], url: source.url } } : {}),
    });
  };

  // The listing page (news, agenda, attacks) a dated item sits under.
  const listingPageOf = (item: ContentItem) =>
    pages.find((page) => page.lang === item.lang && page.listing === item.kind);
  // The section a page is shown under in search results: its menu group, or its listing page.
  const sectionOf = (item: ContentItem): string | undefined => {
    if (item.kind === 'page') {
      const group = menus.main.find((candidate) => candidate.items.includes(item.translationKey));
      return group?.label[item.lang];
    }
    return listingPageOf(item)?.title;
  };
  const formOf = (page: PageItem) => {
    const definition = page.form === undefined ? undefined : content.forms[page.form];
    if (!definition) {
      throw new Error(
        `${page.file}: form "${page.form ?? ''}" has no content/forms/${page.form ?? ''}.yaml`,
      );
    }
    return localizeForm(definition, page.lang);
  };
  const linkOf = (page: PageItem): MenuLink => ({
    title: page.title,
    path: page.path,
    summary: page.summary,
  });
  const context = (language: LocaleId, langSlugs: LangSlug[], frontpage = false): PageContext => ({
    language,
    langSlugs,
    frontpage,
    domains: site.domains,
  });
  const everyLanguage = (pathOf: (language: LocaleId) => string): LangSlug[] =>
    LOCALE_IDS.map((language) => ({ language, path: pathOf(language) }));

  const chrome = {} as Record<LocaleId, StaticQueryData>;
  for (const language of LOCALE_IDS) {
    const languageNames = new Intl.DisplayNames(language, { type: 'language' });
    chrome[language] = {
      language,
      siteName: site.siteName[language],
      administrationName: site.administrationName[language],
      year: new Date().getFullYear(),
      locales: site.locales,
      messages: compileCatalog(catalogs[language]),
      menus: {
        main: menus.main.map((group) => ({
          label: group.label[language],
          items: group.items.map((key) => linkOf(pageOf(key, language, 'content/menus.yaml main'))),
        })),
        footer: menus.footer.map((key) =>
          linkOf(pageOf(key, language, 'content/menus.yaml footer')),
        ),
      },
      social: site.social,
      contact: {
        name: site.contact.name[language],
        email: site.contact.email,
        // Named at build time, so the browser's Intl data cannot change the hydrated text.
        phones: site.contact.phones.map((phone) => ({
          number: phone.number,
          international: phone.international,
          languages: new Intl.ListFormat(language, { type: 'conjunction' }).format(
            phone.languages.map((id) => languageNames.of(id) ?? id),
          ),
        })),
        emergency: site.contact.emergency,
        path: pageOf(site.contact.page, language, 'content/site.yaml contact').path,
      },
      analytics:
        site.analytics.matomoUrl && site.analytics.siteId
          ? {
              matomoUrl: site.analytics.matomoUrl.replace(/\/?$/, '/'),
              siteId: site.analytics.siteId,
            }
          : null,
    };
  }

  const homePaths = site.locales.map((locale) => ({ language: locale.id, path: locale.path }));
  const routes: RouteEntry[] = [
    {
      path: '/',
      // Its translations are the four home pages (hreflang), and it is their x-default.
      pageContext: context(DEFAULT_LOCALE, homePaths),
      data: {
        template: 'splash',
        title: LOCALE_IDS.map((language) => site.siteName[language]).join(' · '),
        description: catalogs[DEFAULT_LOCALE]['splash.intro'],
        choices: site.locales.map((locale) => ({
          language: locale.id,
          transName: locale.transName,
          siteName: site.siteName[locale.id],
          intro: catalogs[locale.id]['splash.intro'],
          button: catalogs[locale.id]['splash.button'],
          path: locale.path,
        })),
      },
    },
  ];

  for (const page of pages) {
    const section = sectionOf(page);
    const titled = {
      title: page.title,
      description: page.summary,
      ...(section ? { section } : {}),
    };
    if (page.listing === 'news' || page.listing === 'event') {
      const kind = page.listing;
      const listing = listingOf(kind, page.lang);
      const listingInfo = listingInfoOf(page, kind, listing);
      // The news list is prerendered page by page, so that without JavaScript its
      // "Go to page {page}" links lead to older news.
      listingInfo.pagePaths.forEach((path, index) => {
        const pageNumber = index + 1;
        const title =
          pageNumber === 1
            ? page.title
            : createTranslator(page.lang, catalogs[page.lang])('listing.pageTitle', {
                title: page.title,
                page: pageNumber,
              });
        routes.push({
          path,
          pageContext: context(
            page.lang,
            // A translation with fewer pages links its first page.
            langSlugsOf(page).map((slug) => ({
              language: slug.language,
              path:
                pageNumber <= listPageCount(kind, slug.language)
                  ? listPagePath(slug.path, slug.language, pageNumber)
                  : slug.path,
            })),
            false,
          ),
          data: {
            template: 'newsfeed',
            ...titled,
            title,
            // Later pages repeat the list's introduction: search engines and the site search
            // index only the first.
            ...(pageNumber === 1
              ? {}
              : { noindex: true as const, parent: { title: page.title, path: page.path } }),
            page: { ...pageDataOf(page, sources), title },
            listing,
            listingInfo: { ...listingInfo, pageNumber },
          },
        });
      });
      continue;
    }
    const home = page.translationKey === 'home' ? homeUpdatesOf(page.lang) : undefined;
    const data: TemplateData = {
      template: 'page',
      ...titled,
      page: pageDataOf(page, sources),
      ...(page.listing ? { listing: listingOf(page.listing, page.lang) } : {}),
      ...(page.form ? { form: formOf(page) } : {}),
      ...(home ? { home } : {}),
    };
    routes.push({
      path: page.path,
      pageContext: context(page.lang, langSlugsOf(page), page.translationKey === 'home'),
      data,
    });
  }

  for (const item of dated) {
    // Its listing page is both its search-result section and the breadcrumb before its title.
    const listing = listingPageOf(item);
    routes.push({
      path: item.path,
      pageContext: context(item.lang, langSlugsOf(item)),
      data: {
        template: 'news',
        title: item.title,
        description: item.summary,
        ...(listing
          ? { section: listing.title, parent: { title: listing.title, path: listing.path } }
          : {}),
        article: articleOf(item),
      },
    });
  }

  for (const language of LOCALE_IDS) {
    const t = createTranslator(language, catalogs[language]);
    routes.push(
      {
        path: notFoundPath(language),
        matchPath: `/${language}/*`,
        // It stands for any missing page: its language switch leads to each home page.
        pageContext: context(language, homePaths),
        data: { template: 'notFound', title: t('notFound.title'), description: t('notFound.help') },
      },
      {
        // What the service worker shows for a page that was never visited, when offline.
        path: offlinePath(language),
        pageContext: context(language, everyLanguage(offlinePath)),
        data: {
          template: 'page',
          title: t('offline.title'),
          description: t('offline.message'),
          noindex: true,
          page: {
            title: t('offline.title'),
            summary: t('offline.message'),
            updated: new Date().toISOString().slice(0, 10),
            html: `<p>${escapeHtml(t('offline.help'))}</p>`,
            toc: [],
          },
        },
      },
      {
        path: `/${language}/search`,
        pageContext: context(
          language,
          everyLanguage((other) => `/${other}/search`),
        ),
        // A results page holds nothing of its own for search engines.
        data: {
          template: 'search',
          title: t('search.title'),
          description: t('search.label'),
          noindex: true,
        },
      },
    );
  }

  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.path)) throw new Error(`route table: duplicate path ${route.path}`);
    seen.add(route.path);
  }
  return { routes, chrome };
}
