// The server's URL rules, cache headers and compression (DESIGN.md "Page-data protocol").
import { expect, test } from '@playwright/test';

const noRedirect = { maxRedirects: 0 };

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

test('an unknown path outside a language gets the English not-found page', async ({ request }) => {
  const response = await request.get('/no-such-place', noRedirect);
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain('<h1>Page not found</h1>');
  expect(html).toContain('The requested page &quot;/no-such-place&quot; could not be found.');
});

test('the requested path is escaped in the not-found page', async ({ request }) => {
  const response = await request.get('/de/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).not.toContain('<script>alert(1)</script>');
  expect(html).toContain('<h1>Seite nicht gefunden</h1>');
});

test('missing page-data and assets are plain 404s', async ({ request }) => {
  expect((await request.get('/page-data/nl/nothing/page-data.json')).status()).toBe(404);
  expect((await request.get('/assets/nothing.js')).status()).toBe(404);
});

test('hashed assets are immutable; HTML and page-data revalidate', async ({ request }) => {
  const html = await (await request.get('/en')).text();
  const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(script).toMatch(/^\/assets\/entry-client-[\w-]+\.js$/);
  expect((await request.get(script)).headers()['cache-control']).toBe(
    'public, max-age=31536000, immutable',
  );
  expect((await request.get('/en')).headers()['cache-control']).toBe(
    'public, max-age=0, must-revalidate',
  );
  expect((await request.get('/page-data/app-data.json')).headers()['cache-control']).toBe(
    'public, max-age=0, must-revalidate',
  );
});

test('text is served precompressed with brotli or gzip', async ({ request }) => {
  const brotli = await request.get('/en', { headers: { 'accept-encoding': 'br' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  expect(brotli.headers().vary).toContain('accept-encoding');
  const gzip = await request.get('/en', { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
});

test('the health route answers', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});
