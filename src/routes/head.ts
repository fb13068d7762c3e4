// What goes into a page's <head>: title, description, language, canonical and hreflang
// alternates, the news and calendar feeds. The prerender writes it as HTML; the client applies
// it after each navigation.
import { createTranslator } from '../i18n/translate.ts';
import { agendaCalendarPath, newsFeedPath } from './feed-paths.ts';
import { DEFAULT_LOCALE, type LocaleId } from '../i18n/locales.ts';
import type { PageContext, PageData, StaticQueryData } from './page-data.ts';

/** A feed the page links to with rel="alternate": the language's news (RSS) or agenda. */
export interface FeedLink {
  type: 'application/rss+xml' | 'text/calendar';
  title: string;
  href: string;
}

export interface HeadInfo {
  title: string;
  description: string;
  lang: string;
  canonical?: string;
  alternates: { hreflang: string; href: string }[];
  feeds: FeedLink[];
  noindex: boolean;
}

/** The language splash: where readers whose language is none of the site's are sent. */
const X_DEFAULT_PATH = '/';

/**
 * The hreflang alternates of a page: each translation, then x-default, the language splash at
 * "/" (it introduces the site in every language). The head and the sitemap both list them.
 */
export function alternatesOf(
  pageContext: PageContext,
  hreflangOf: (language: LocaleId) => string,
): { hreflang: string; href: string }[] {
  const { domains, langSlugs } = pageContext;
  return [
    ...langSlugs.map((slug) => ({
      hreflang: hreflangOf(slug.language),
      href: `${domains[slug.language]}${slug.path}`,
    })),
    { hreflang: 'x-default', href: `${domains[DEFAULT_LOCALE]}${X_DEFAULT_PATH}` },
  ];
}

/** The head of a page; not-found pages get no canonical and are not indexed. */
export function headFor(pageData: PageData, chrome: StaticQueryData): HeadInfo {
  const { pageContext, data } = pageData.result;
  const isNotFound = data.template === 'notFound';
  const noindex = isNotFound || data.noindex === true;
  const hreflangOf = (id: LocaleId) =>
    chrome.locales.find((locale) => locale.id === id)?.hreflang ?? id;
  const absolute = (language: keyof PageData['result']['pageContext']['domains'], path: string) =>
    `${pageContext.domains[language]}${path}`;
  const title = data.template === 'splash' ? data.title : `${data.title} | ${chrome.siteName}`;
  const t = createTranslator(chrome.language, chrome.messages);
  const language = pageContext.language;
  // Every page of a language offers its news feed; the agenda and events also the calendar.
  const feeds: FeedLink[] =
    isNotFound || data.template === 'splash'
      ? []
      : [
          {
            type: 'application/rss+xml',
            title: t('feed.newsTitle', { site: chrome.siteName }),
            href: newsFeedPath(language),
          },
          ...((data.template === 'newsfeed' && data.listingInfo.kind === 'event') ||
          (data.template === 'news' && data.article.kind === 'event')
            ? [
                {
                  type: 'text/calendar' as const,
                  title: t('feed.calendarTitle', { site: chrome.siteName }),
                  href: agendaCalendarPath(language),
                },
              ]
            : []),
        ];
  return {
    title,
    description: data.description,
    lang: pageContext.language,
    canonical: isNotFound ? undefined : absolute(pageContext.language, pageData.path),
    alternates: isNotFound ? [] : alternatesOf(pageContext, hreflangOf),
    feeds,
    noindex,
  };
}

/** The head of the error page shown in place of a page that could not be loaded. */
export function errorHeadFor(chrome: StaticQueryData): HeadInfo {
  const t = createTranslator(chrome.language, chrome.messages);
  return {
    title: `${t('error.title')} | ${chrome.siteName}`,
    description: t('error.message'),
    lang: chrome.language,
    alternates: [],
    feeds: [],
    noindex: true,
  };
}
