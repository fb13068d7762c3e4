// Every route of the route table is prerendered with the right language, head and page-data.
import { expect, test } from '@playwright/test';
import { builtRoutes, LANGUAGES } from './routes.ts';

const decode = (html: string) =>
  html.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_, name: string) =>
      ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[name] ?? '',
  );

test('the build has the splash, four root pages, four 404 pages and four search pages', () => {
  const paths = builtRoutes.map((route) => route.path);
  expect(paths).toContain('/');
  for (const language of LANGUAGES) {
    expect(paths).toContain(`/${language}`);
    expect(paths).toContain(`/${language}/404`);
    expect(paths).toContain(`/${language}/search`);
  }
  expect(new Set(paths).size).toBe(paths.length);
});

for (const route of builtRoutes) {
  test(`${route.path} is prerendered with its title, language and alternates`, async ({
    request,
  }) => {
    const response = await request.get(route.path);
    // A not-found page answers 404 even at its own address (tests/e2e/servers.spec.ts).
    expect(response.status()).toBe(route.template === 'notFound' ? 404 : 200);
    expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(`<html lang="${route.language}">`);
    const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
    expect(title.startsWith(route.title)).toBe(true);
    if (route.template === 'notFound') {
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
    } else {
      // Every page of an hreflang set names the language splash as x-default.
      expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="https?:\/\/[^"/]+\/"/);
      expect(html).toMatch(
        new RegExp(
          `<link rel="canonical" href="https?://[^"]+${route.path === '/' ? '/' : route.path}"`,
        ),
      );
      expect(html).toMatch(/<link rel="alternate" hreflang="[a-zA-Z-]+" href="[^"]+"/);
    }

    const pageDataUrl = `/page-data/${route.path === '/' ? 'index' : route.path.slice(1)}/page-data.json`;
    const pageData = (await (await request.get(pageDataUrl)).json()) as Record<string, unknown> & {
      result: { pageContext: Record<string, unknown> };
      staticQueryHashes: string[];
    };
    expect(pageData.path).toBe(route.path);
    expect(pageData.componentChunkName).toMatch(/^component---src-templates-[a-z-]+-tsx$/);
    expect(pageData.staticQueryHashes).toHaveLength(1);
    expect(Object.keys(pageData.result.pageContext).sort()).toEqual([
      'domains',
      'frontpage',
      'langSlugs',
      'language',
    ]);
    expect(pageData.result.pageContext.language).toBe(route.language);
    if (route.template === 'notFound') expect(pageData.matchPath).toBe(`/${route.language}/*`);
  });
}

test('search pages are kept out of search engines, with or without a query', async ({
  request,
}) => {
  for (const language of LANGUAGES)
    for (const path of [`/${language}/search`, `/${language}/search?q=aid`]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<meta name="robots" content="noindex">');
    }
});

test('app-data carries one build hash, the one inlined in every page', async ({ request }) => {
  const appData = (await (await request.get('/page-data/app-data.json')).json()) as {
    webpackCompilationHash: string;
  };
  expect(appData.webpackCompilationHash).toMatch(/^[0-9a-f]{20}$/);
  for (const path of ['/', '/en', '/nl/404']) {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<meta name="build-hash" content="${appData.webpackCompilationHash}">`);
  }
});

test('static-query results hold each language’s menus and texts', async ({ request }) => {
  const hashes = new Set<string>();
  for (const language of LANGUAGES) {
    const pageData = (await (
      await request.get(`/page-data/${language}/page-data.json`)
    ).json()) as {
      staticQueryHashes: string[];
    };
    const [hash] = pageData.staticQueryHashes;
    hashes.add(String(hash));
    const response = await request.get(`/page-data/sq/d/${String(hash)}.json`);
    expect(response.status()).toBe(200);
    const chrome = (await response.json()) as {
      language: string;
      menus: { main: unknown[]; footer: unknown[] };
    };
    expect(chrome.language).toBe(language);
    expect(chrome.menus.main).toHaveLength(5);
    // The follow-up page, staying safe online, privacy, disclaimer, accessibility, cookies.
    expect(chrome.menus.footer).toHaveLength(6);
  }
  expect(hashes.size).toBe(4);
});

test('the front page of every language has the same page as its translations', async ({
  request,
}) => {
  const pageData = (await (await request.get('/page-data/fr/page-data.json')).json()) as {
    result: {
      pageContext: { langSlugs: { language: string; path: string }[]; frontpage: boolean };
    };
  };
  expect(pageData.result.pageContext.frontpage).toBe(true);
  expect(pageData.result.pageContext.langSlugs).toEqual([
    { language: 'de', path: '/de' },
    { language: 'en', path: '/en' },
    { language: 'fr', path: '/fr' },
    { language: 'nl', path: '/nl' },
  ]);
});

test('only a page with a form preloads the form chunk and its stylesheet', async ({ request }) => {
  const assetsOf = async (path: string) =>
    // The form's styles are a chunk of their own (form.css), shared with the follow-up page.
    [
      ...(await (await request.get(path)).text()).matchAll(
        /\/assets\/((?:Form-[\w-]+\.js)|(?:form-[\w-]+\.css))/g,
      ),
    ]
      .map((match) => match[1]?.replace(/-[\w-]+\./, '.'))
      .sort();
  expect(await assetsOf('/en/contacts')).toEqual(['Form.js', 'form.css']);
  expect(await assetsOf('/en/first-steps')).toEqual([]);
});
