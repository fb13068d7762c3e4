// The URL rules, cache headers, compression and security headers, checked the same way on the
// Node server and on nginx with deploy/nginx/site.conf (docs/ARCHITECTURE.md "Page-data protocol").
import { expect, test } from '@playwright/test';
import { ADMIN_SECURITY_HEADERS, SECURITY_HEADERS } from '../../server/security-headers.ts';

const SERVERS = [
  {
    name: 'Node server',
    baseURL: `http://localhost:${process.env.E2E_PORT ?? '4173'}`,
    brotli: true,
  },
  // Over TLS, as deployed, with the throwaway certificate of tests/e2e/nginx.ts.
  {
    name: 'nginx',
    baseURL: `https://127.0.0.1:${process.env.NGINX_PORT ?? '4174'}`,
    brotli: false,
  },
];
const noRedirect = { maxRedirects: 0 };

for (const server of SERVERS) {
  test.describe(server.name, () => {
    test.use({ baseURL: server.baseURL, ignoreHTTPSErrors: true });

    test('a trailing slash is removed with a 301, keeping the query', async ({ request }) => {
      const response = await request.get('/en/contacts/?from=mail', noRedirect);
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe('/en/contacts?from=mail');
    });

    test('/index.html redirects to /', async ({ request }) => {
      const response = await request.get('/index.html', noRedirect);
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe('/');
    });

    test('an unknown Dutch path gets the Dutch not-found page with status 404 and the path', async ({
      request,
    }) => {
      const response = await request.get('/nl/does-not-exist', noRedirect);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain('<html lang="nl">');
      expect(html).toContain('<h1>Pagina niet gevonden</h1>');
      expect(html).toContain(
        'De opgevraagde pagina &quot;/nl/does-not-exist&quot; werd niet gevonden.',
      );
    });

    test('a language’s not-found page asked for by its own address answers 404', async ({
      request,
    }) => {
      for (const [language, title] of [
        ['nl', 'Pagina niet gevonden'],
        ['fr', 'Page introuvable'],
        ['de', 'Seite nicht gefunden'],
        ['en', 'Page not found'],
      ] as const) {
        const response = await request.get(`/${language}/404`, noRedirect);
        expect(response.status(), language).toBe(404);
        const html = await response.text();
        expect(html, language).toContain(`<html lang="${language}">`);
        expect(html, language).toContain(`<h1>${title}</h1>`);
      }
    });

    test('an unknown path outside a language gets the English not-found page', async ({
      request,
    }) => {
      const response = await request.get('/no-such-place', noRedirect);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain('<h1>Page not found</h1>');
      expect(html).toContain('The requested page &quot;/no-such-place&quot; could not be found.');
    });

    test('calendars and feeds are served with their own types in UTF-8', async ({ request }) => {
      const calendar = await request.get('/en/agenda.ics');
      expect(calendar.status()).toBe(200);
      expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      const feed = await request.get('/en/news/rss.xml');
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    });

    test('the requested path cannot inject markup into the not-found page', async ({ request }) => {
      const response = await request.get('/de/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('<h1>Seite nicht gefunden</h1>');
    });

    test('missing page-data and assets are plain 404s', async ({ request }) => {
      for (const path of ['/page-data/nl/nothing/page-data.json', '/assets/nothing.js']) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(404);
        expect(await response.text(), path).not.toContain('<h1>');
      }
    });

    test('hashed assets are immutable; HTML and page-data revalidate', async ({ request }) => {
      const html = await (await request.get('/en')).text();
      const script =
        /<script type="module" src="(\/assets\/entry-client-[^"]+)"/.exec(html)?.[1] ?? '';
      expect(script).toMatch(/^\/assets\/entry-client-[\w-]+\.js$/);
      expect((await request.get(script)).headers()['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      for (const path of ['/en', '/page-data/app-data.json', '/sw.js']) {
        expect((await request.get(path)).headers()['cache-control'], path).toBe(
          'public, max-age=0, must-revalidate',
        );
      }
    });

    test('text is served precompressed', async ({ request }) => {
      const gzip = await request.get('/en', { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers()['content-encoding']).toBe('gzip');
      expect(gzip.headers().vary?.toLowerCase()).toContain('accept-encoding');
      // Pages have a gzip copy alone (precompress.ts, Copies): a browser offering both gets it.
      const page = await request.get('/en', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(page.headers()['content-encoding']).toBe('gzip');
      if (server.brotli) {
        const script = /<script type="module" src="([^"]+)"/.exec(await gzip.text())?.[1] ?? '';
        const brotli = await request.get(script, { headers: { 'accept-encoding': 'gzip, br' } });
        expect(brotli.headers()['content-encoding']).toBe('br');
      }
    });

    test('every response carries the security headers', async ({ request }) => {
      // /api/forms/ has a location of its own in nginx (read whole, resent to the next instance).
      for (const path of [
        '/en',
        '/nl/does-not-exist',
        '/page-data/app-data.json',
        '/api/health',
        '/api/forms/contact',
      ]) {
        const headers = (await request.get(path)).headers();
        for (const [name, value] of Object.entries(SECURITY_HEADERS))
          expect(headers[name], `${path} ${name}`).toBe(value);
      }
      expect(SECURITY_HEADERS['content-security-policy']).not.toContain('unsafe-inline');
    });

    test('the editor at /admin has its own headers; /admin/ redirects to it', async ({
      request,
    }) => {
      const redirect = await request.get('/admin/', noRedirect);
      expect(redirect.status()).toBe(301);
      expect(redirect.headers().location).toBe('/admin');
      for (const path of ['/admin', '/admin/config.yml', '/admin/sveltia-cms.js']) {
        const response = await request.get(path, noRedirect);
        expect(response.status(), path).toBe(200);
        const headers = response.headers();
        for (const [name, value] of Object.entries(ADMIN_SECURITY_HEADERS))
          expect(headers[name], `${path} ${name}`).toBe(value);
      }
      expect((await request.get('/admin/config.yml')).headers()['content-type']).toBe(
        'text/yaml; charset=utf-8',
      );
      expect((await request.get('/admin/nothing.js')).status()).toBe(404);
      expect((await request.get('/en')).headers()['x-robots-tag']).toBeUndefined();
    });

    test('the health route answers through it', async ({ request }) => {
      const response = await request.get('/api/health');
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    test('sitemap and robots.txt are served', async ({ request }) => {
      const sitemap = await request.get('/sitemap.xml');
      expect(sitemap.status()).toBe(200);
      const xml = await sitemap.text();
      expect(xml).toContain('<loc>http://localhost:8080/nl/eerste-stappen</loc>');
      expect(xml).toContain('hreflang="fr-BE" href="http://localhost:8080/fr/premiers-pas"');
      expect(xml).not.toContain('/404<');
      expect(xml).not.toContain('/offline<');
      expect(xml).not.toContain('/search<');
      // The language splash lists the four home pages and is the x-default of every set.
      expect(xml).toContain(
        [
          '    <loc>http://localhost:8080/</loc>',
          '    <xhtml:link rel="alternate" hreflang="nl-BE" href="http://localhost:8080/nl"/>',
          '    <xhtml:link rel="alternate" hreflang="fr-BE" href="http://localhost:8080/fr"/>',
          '    <xhtml:link rel="alternate" hreflang="de-BE" href="http://localhost:8080/de"/>',
          '    <xhtml:link rel="alternate" hreflang="en" href="http://localhost:8080/en"/>',
          '    <xhtml:link rel="alternate" hreflang="x-default" href="http://localhost:8080/"/>',
          '  </url>',
        ].join('\n'),
      );
      expect(xml.match(/hreflang="x-default"/g)).toHaveLength(xml.match(/<loc>/g)?.length ?? -1);
      expect(await (await request.get('/robots.txt')).text()).toContain(
        'Sitemap: http://localhost:8080/sitemap.xml',
      );
    });
  });
}
