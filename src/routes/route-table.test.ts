// The route builders one by one, on the real content: what each contributes to the table, the
// errors that name a broken reference, and the one page-data record the build and dev share.
import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/load-content.ts';
import { articleRoute } from './articles.ts';
import { chromeOf } from './chrome.ts';
import { indexContent } from './content-index.ts';
import { eventCalendarPath } from './feed-paths.ts';
import { listingOf, listPageCount, listRoutes, NEWS_PAGE_SIZE } from './listings.ts';
import {
  buildRouteTable,
  languageRoutes,
  pageDataOf,
  pageRoutes,
  splashRoute,
} from './route-table.ts';

const content = loadContent(`${import.meta.dirname}/../../content`, {
  localPreview: 'http://localhost:8080',
});
const index = indexContent(content, '2026-11-10');
const pageAt = (path: string) => {
  const page = content.pages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`no page at ${path}`);
  return page;
};

describe('indexContent', () => {
  it('gives each item its translations and names the reference that points nowhere', () => {
    expect(index.langSlugsOf(pageAt('/en')).map((slug) => slug.path)).toEqual([
      '/de',
      '/en',
      '/fr',
      '/nl',
    ]);
    expect(() => index.pageOf('nope', 'fr', 'content/menus.yaml main')).toThrow(
      'content/menus.yaml main: no fr page for translationKey "nope"',
    );
    expect(() => index.topicLabel('nope', 'en', pageAt('/en'))).toThrow(
      'unknown topic "nope" (content/taxonomy/topics.yaml)',
    );
  });
});

describe('chromeOf', () => {
  it('has the menus and the contact page of its language', () => {
    const chrome = chromeOf(index, 'fr');
    expect(chrome.menus.main.map((group) => group.label)).toEqual(
      content.menus.main.map((group) => group.label.fr),
    );
    expect(chrome.contact.path).toBe('/fr/contacts');
    expect(chrome.language).toBe('fr');
  });

  it('has the neutral site of "Leave this site" and the page that explains it', () => {
    const { url, safety } = chromeOf(index, 'nl').leaveSite;
    expect(url).toBe('https://www.meteo.be/');
    expect([safety.title, safety.path]).toEqual(['Veilig online', '/nl/veilig-online']);
  });
});

describe('listings', () => {
  it('lists news newest first, ten to a prerendered page', () => {
    const news = listingOf(index, 'news', 'en');
    expect(news).toHaveLength(content.news.filter((item) => item.lang === 'en').length);
    expect(news.map((item) => item.date)).toEqual(
      news.map((item) => item.date).sort((a, b) => b.localeCompare(a)),
    );
    expect(listPageCount(index, 'news', 'en')).toBe(Math.ceil(news.length / NEWS_PAGE_SIZE));
    expect(listPageCount(index, 'event', 'en')).toBe(1);
  });

  it('gives later pages of the news list their number in the title and no index', () => {
    const newsPage = content.pages.find((page) => page.lang === 'en' && page.listing === 'news');
    if (!newsPage) throw new Error('no English news page');
    const routes = listRoutes(index, newsPage, 'news');
    expect(routes).toHaveLength(listPageCount(index, 'news', 'en'));
    expect(routes[1]?.path).toBe(`${newsPage.path}/page/2`);
    expect(routes[1]?.data).toMatchObject({
      title: `${newsPage.title} – page 2`,
      noindex: true,
      parent: { title: newsPage.title, path: newsPage.path },
    });
    expect(routes[0]?.data).not.toHaveProperty('noindex');
  });
});

describe('articleRoute', () => {
  it('gives an event its calendar file, Event structured data and its agenda as parent', () => {
    const event = index.dated.find(
      (item) => item.path === '/en/agenda/commemoration-22-march-2027',
    );
    if (!event) throw new Error('no such event');
    const route = articleRoute(index, event);
    if (route.data.template !== 'news') throw new Error('not an article');
    expect(route.data.article.calendarPath).toBe(eventCalendarPath(event.path));
    expect(route.data.article.structuredData['@type']).toBe('Event');
    expect(route.data.parent?.path).toBe('/en/agenda');
  });
});

describe('the fixed routes', () => {
  it('puts the splash page at / with the languages in the order of site.yaml', () => {
    const splash = splashRoute(index);
    expect(splash.path).toBe('/');
    if (splash.data.template !== 'splash') throw new Error('not the splash page');
    expect(splash.data.choices.map((choice) => choice.language)).toEqual(['nl', 'fr', 'de', 'en']);
    // This content has no statistics: no cookie banner, so no words for one.
    expect(splash.data.consent).toBeUndefined();
  });

  it('gives the splash the cookie banner in every language when the site has statistics', () => {
    const withStatistics = indexContent(
      {
        ...content,
        site: { ...content.site, analytics: { matomoUrl: 'https://s.test', siteId: '7' } },
      },
      '2026-11-10',
    );
    const splash = splashRoute(withStatistics);
    if (splash.data.template !== 'splash') throw new Error('not the splash page');
    expect(Object.keys(splash.data.consent ?? {})).toEqual(['nl', 'fr', 'de', 'en']);
    expect(splash.data.consent?.fr['consent.allowAll']).toBe('Autoriser tous les cookies');
    expect(splash.data.consent?.en['consent.allowSelected']).toBe('Allow selected cookies');
  });

  it('tells a guide of "What applies to me?" which of its steps it explains, in its language', () => {
    const partOf = (path: string) => {
      const [route] = pageRoutes(index, pageAt(path));
      return route?.data.template === 'page' ? route.data.partOf : 'not a page';
    };
    // The numbers of the list of every step (content/step-by-step/steps.yaml): a step joined to
    // the one before shares its number.
    expect(partOf('/en/first-steps')).toEqual({
      title: 'What applies to me?',
      path: '/en/what-applies-to-me',
      count: 4,
      steps: '1, 3, 5 and 6',
    });
    expect(partOf('/fr/assurances')).toMatchObject({ count: 1, steps: '8' });
    expect(partOf('/de/erste-schritte')).toMatchObject({ steps: '1, 3, 5 und 6' });
    expect(partOf('/en/contacts')).toBeUndefined();
    expect(partOf('/en/what-applies-to-me')).toBeUndefined();
  });

  it('gives every language its not-found, offline and search pages', () => {
    const routes = languageRoutes(index, 'de');
    expect(routes.map((route) => [route.path, route.data.template, route.matchPath])).toEqual([
      ['/de/404', 'notFound', '/de/*'],
      ['/de/offline', 'page', undefined],
      ['/de/search', 'search', undefined],
    ]);
  });

  it("gives the search page its language's search words, common words folded, and its help pages", () => {
    const search = languageRoutes(index, 'fr', ['fr']).find((route) => route.path === '/fr/search');
    if (search?.data.template !== 'search') throw new Error('no search page');
    expect(search.data.searchIndexes).toEqual(['fr']);
    expect(search.data.words.common).toContain('tres');
    expect(search.data.words.common).not.toContain('très');
    expect(search.data.words.alternatives).toContainEqual(['Maelbeek', 'Maalbeek']);
    expect(search.data.help).toEqual([
      { path: '/fr/ce-qui-s-applique-a-moi', title: 'Qu’est-ce qui s’applique à moi\u202f?' },
      { path: '/fr/contacts', title: 'Contacts' },
    ]);
  });

  it('refuses a page that names a form without a definition', () => {
    expect(() => pageRoutes(index, { ...pageAt('/en/contacts'), form: 'missing' })).toThrow(
      'form "missing" has no content/forms/missing.yaml',
    );
  });
});

describe('buildRouteTable', () => {
  it('refuses two routes at one path', () => {
    const home = pageAt('/en');
    expect(() =>
      buildRouteTable({
        ...content,
        pages: [...content.pages, { ...home, translationKey: 'copy' }],
      }),
    ).toThrow('route table: duplicate path /en');
  });
});

describe('pageDataOf', () => {
  it('writes the protocol record, keeping the not-found page’s matchPath', () => {
    const [notFound] = languageRoutes(index, 'nl');
    if (!notFound) throw new Error('no not-found route');
    expect(pageDataOf(notFound, 'abc123')).toEqual({
      componentChunkName: 'component---src-templates-not-found-tsx',
      path: '/nl/404',
      matchPath: '/nl/*',
      result: { pageContext: notFound.pageContext, data: notFound.data },
      staticQueryHashes: ['abc123'],
    });
  });
});
