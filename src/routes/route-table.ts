// The route table: every URL of the site with its template, page context and data, derived
// from the content model. The prerender walks it; the server and tests read its output.
import type { SiteContent } from '../content/load-content.ts';
import type { ContentPage } from '../content/pages.ts';
import { catalogs, compileCatalog } from '../i18n/catalogs.ts';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { createTranslator } from '../i18n/translate.ts';
import {
  notFoundPath,
  type LangSlug,
  type MenuLink,
  type PageContext,
  type StaticQueryData,
  type TemplateData,
} from './page-data.ts';

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

const NEWS_PATHS: Record<LocaleId, string> = {
  nl: '/nl/nieuws',
  fr: '/fr/actualites',
  de: '/de/aktuelles',
  en: '/en/news',
};

/** Builds the route table; throws on duplicate paths and on menu entries without a page. */
export function buildRouteTable(content: SiteContent): RouteTable {
  const { site, menus, pages } = content;
  const byKey = new Map<string, ContentPage[]>();
  for (const page of pages)
    byKey.set(page.translationKey, [...(byKey.get(page.translationKey) ?? []), page]);

  const langSlugsOf = (key: string): LangSlug[] =>
    (byKey.get(key) ?? []).map((page) => ({ language: page.lang, path: page.path }));
  const pageOf = (key: string, language: LocaleId, where: string): ContentPage => {
    const page = byKey.get(key)?.find((candidate) => candidate.lang === language);
    if (!page) throw new Error(`${where}: no ${language} page for translationKey "${key}"`);
    return page;
  };
  const linkOf = (page: ContentPage): MenuLink => ({
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
    };
  }

  const routes: RouteEntry[] = [
    {
      path: '/',
      pageContext: context(site.defaultLocale, [{ language: site.defaultLocale, path: '/' }]),
      data: {
        template: 'splash',
        title: LOCALE_IDS.map((language) => site.siteName[language]).join(' · '),
        description: catalogs[site.defaultLocale]['splash.intro'],
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
    routes.push({
      path: page.path,
      pageContext: context(
        page.lang,
        langSlugsOf(page.translationKey),
        page.translationKey === 'home',
      ),
      data: {
        template: 'page',
        title: page.title,
        description: page.summary,
        page: {
          title: page.title,
          summary: page.summary,
          updated: page.updated,
          html: page.html,
          toc: page.toc,
        },
      },
    });
  }

  for (const language of LOCALE_IDS) {
    const t = createTranslator(language, catalogs[language]);
    routes.push(
      {
        path: notFoundPath(language),
        matchPath: `/${language}/*`,
        pageContext: context(language, everyLanguage(notFoundPath)),
        data: { template: 'notFound', title: t('notFound.title'), description: t('notFound.help') },
      },
      {
        path: `/${language}/search`,
        pageContext: context(
          language,
          everyLanguage((other) => `/${other}/search`),
        ),
        data: { template: 'search', title: t('search.title'), description: t('search.label') },
      },
      {
        path: NEWS_PATHS[language],
        pageContext: context(
          language,
          everyLanguage((other) => NEWS_PATHS[other]),
        ),
        data: { template: 'newsfeed', title: t('news.title'), description: t('news.pending') },
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
