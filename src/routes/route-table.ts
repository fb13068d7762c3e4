// The route table: every URL of the site with its template, page context and data, derived
// from the content model. The prerender and the dev server walk it; tests read its output.
// Each kind of route has its own builder: content-index.ts, chrome.ts, listings.ts, articles.ts.
import type { SiteContent } from '../content/load-content.ts';
import type { PageItem } from '../content/items.ts';
import type { SearchWordsContent } from '../content/search-words.ts';
import { escapeHtml } from '../content/escape-html.ts';
import { localizeForm } from '../forms/local-form.ts';
import { catalogs } from '../i18n/catalogs.ts';
import { foldWord } from '../i18n/fold-word.ts';
import { DEFAULT_LOCALE, LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { createTranslator } from '../i18n/translate.ts';
import { articleRoute } from './articles.ts';
import { analyticsOf, chromeOf } from './chrome.ts';
import { consentTextsOf, type ConsentTexts } from './consent-texts.ts';
import { contentPageDataOf, indexContent, type ContentIndex } from './content-index.ts';
import { homeUpdatesOf, listingOf, listRoutes } from './listings.ts';
import { SEARCH_INDEX_PART_PAGES, searchIndexParts } from './search-index-parts.ts';
import { planPartOf, stepByStepDataOf } from './step-by-step.ts';
import { notFoundPath, offlinePath, searchPath } from './url-rules.ts';
import {
  TEMPLATES,
  type LangSlug,
  type PageData,
  type SearchWords,
  type StaticQueryData,
  type TemplateData,
} from './page-data.ts';
import type { RouteEntry, RouteTable } from './route-entry.ts';

export type { RouteEntry, RouteTable };

/** The splash page at `/`: a choice of language, the x-default of the four home pages. */
export function splashRoute(index: ContentIndex): RouteEntry {
  const { site } = index.content;
  const homePaths = site.locales.map((locale) => ({ language: locale.id, path: locale.path }));
  return {
    path: '/',
    // Its translations are the four home pages (hreflang), and it is their x-default.
    pageContext: index.context(DEFAULT_LOCALE, homePaths),
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
      // Only a site with optional cookies shows the cookie banner: in the reader's language.
      ...(analyticsOf(site)
        ? {
            consent: Object.fromEntries(
              LOCALE_IDS.map((language) => [
                language,
                consentTextsOf(createTranslator(language, catalogs[language])),
              ]),
            ) as Record<LocaleId, ConsentTexts>,
          }
        : {}),
    },
  };
}

/** The reply form of the follow-up page (content/forms/reply.yaml); the build stops without it. */
function replyFormOf(index: ContentIndex, file: string) {
  const reply = index.content.forms.reply;
  if (!reply) throw new Error(`${file}: followUp needs content/forms/reply.yaml`);
  return reply;
}

/** The routes of a content page: one, or one per prerendered page of a news list or agenda. */
export function pageRoutes(index: ContentIndex, page: PageItem): RouteEntry[] {
  if (page.listing === 'news' || page.listing === 'event') {
    return listRoutes(index, page, page.listing);
  }
  const section = index.sectionOf(page);
  const form = page.form === undefined ? undefined : index.content.forms[page.form];
  if (page.form !== undefined && !form) {
    throw new Error(`${page.file}: form "${page.form}" has no content/forms/${page.form}.yaml`);
  }
  const home = page.translationKey === 'home' ? homeUpdatesOf(index, page.lang) : undefined;
  const partOf = planPartOf(index, page.lang, page.path);
  const data: TemplateData = {
    template: 'page',
    title: page.title,
    description: page.summary,
    ...(section ? { section } : {}),
    page: contentPageDataOf(page, index.content.sources),
    ...(page.listing ? { listing: listingOf(index, page.listing, page.lang) } : {}),
    ...(form ? { form: localizeForm(form, page.lang) } : {}),
    ...(page.stepByStep ? { stepByStep: stepByStepDataOf(index, page.lang) } : {}),
    ...(page.followUp ? { followUp: localizeForm(replyFormOf(index, page.file), page.lang) } : {}),
    ...(partOf ? { partOf } : {}),
    ...(home ? { home } : {}),
  };
  return [
    {
      path: page.path,
      pageContext: index.context(
        page.lang,
        index.langSlugsOf(page),
        page.translationKey === 'home',
      ),
      data,
    },
  ];
}

/** The pages a search that finds little offers, by translationKey: the questions, the contacts. */
const SEARCH_HELP_PAGES = ['what-applies', 'contacts'];

/** A language's search words for its search page: common words folded, groups as written. */
function searchWordsOf(content: SearchWordsContent | undefined): SearchWords {
  if (!content) return { common: [], alternatives: [] };
  return {
    common: [...new Set(content.commonWords.split(/\s+/).filter(Boolean).map(foldWord))],
    alternatives: content.alternatives.map((group) => group.words),
  };
}

/**
 * The pages every language has: not found, offline and search (which searches the given parts of
 * the language's index).
 */
export function languageRoutes(
  index: ContentIndex,
  language: LocaleId,
  searchIndexes: string[] = [language],
): RouteEntry[] {
  const t = createTranslator(language, catalogs[language]);
  const homePaths = index.content.site.locales.map((locale) => ({
    language: locale.id,
    path: locale.path,
  }));
  const everyLanguage = (pathOf: (other: LocaleId) => string): LangSlug[] =>
    LOCALE_IDS.map((other) => ({ language: other, path: pathOf(other) }));
  return [
    {
      path: notFoundPath(language),
      matchPath: `/${language}/*`,
      // It stands for any missing page: its language switch leads to each home page.
      pageContext: index.context(language, homePaths),
      data: { template: 'notFound', title: t('notFound.title'), description: t('notFound.help') },
    },
    {
      // What the service worker shows for a page that was never visited, when offline.
      path: offlinePath(language),
      pageContext: index.context(language, everyLanguage(offlinePath)),
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
      path: searchPath(language),
      pageContext: index.context(language, everyLanguage(searchPath)),
      // A results page holds nothing of its own for search engines.
      data: {
        template: 'search',
        title: t('search.title'),
        description: t('search.label'),
        noindex: true,
        searchIndexes,
        words: searchWordsOf(index.content.searchWords?.[language]),
        help: SEARCH_HELP_PAGES.flatMap((key) => {
          const page = index.content.pages.find(
            (candidate) => candidate.translationKey === key && candidate.lang === language,
          );
          return page ? [{ path: page.path, title: page.title }] : [];
        }),
      },
    },
  ];
}

/** Builds the route table; throws on duplicate paths and on menu entries without a page. */
export function buildRouteTable(
  content: SiteContent,
  { searchIndexPartPages = SEARCH_INDEX_PART_PAGES }: { searchIndexPartPages?: number } = {},
): RouteTable {
  const index = indexContent(content);
  const chrome = Object.fromEntries(
    LOCALE_IDS.map((language) => [language, chromeOf(index, language)]),
  ) as Record<LocaleId, StaticQueryData>;
  const contentRoutes = [
    splashRoute(index),
    ...content.pages.flatMap((page) => pageRoutes(index, page)),
    ...index.dated.map((item) => articleRoute(index, item)),
  ];
  const parts = searchIndexParts(contentRoutes, searchIndexPartPages);
  const routes = [
    ...contentRoutes,
    ...LOCALE_IDS.flatMap((language) =>
      languageRoutes(
        index,
        language,
        (parts.get(language) ?? []).map((part) => part.name),
      ),
    ),
  ];
  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.path)) throw new Error(`route table: duplicate path ${route.path}`);
    seen.add(route.path);
  }
  return { routes, chrome, searchIndexParts: parts };
}

/** The page-data record of a route (DESIGN "Page-data protocol"), for the build and `npm run dev`. */
export function pageDataOf(route: RouteEntry, staticQueryHash: string): PageData {
  return {
    componentChunkName: TEMPLATES[route.data.template],
    path: route.path,
    ...(route.matchPath ? { matchPath: route.matchPath } : {}),
    result: { pageContext: route.pageContext, data: route.data },
    staticQueryHashes: [staticQueryHash],
  };
}
