// The editor at /admin (docs/editing.md): Sveltia CMS opens in Chromium under its own
// Content-Security-Policy, and stays outside the public site: not in the sitemap, the search
// index, the service worker's precache or routes, nor in any public page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { cmsConfigYaml } from '../../src/cms/cms-config-cli.ts';

const ROOT = join(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');

/** Every console error and page error of `page` from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens /admin and waits for the sign-in screen and for Sveltia's last start-up request. */
async function openEditor(page: Page) {
  // GitHub's status is the last thing Sveltia asks for once it has read config.yml.
  const statusCheck = page.waitForRequest(/githubstatus\.com/);
  await page.goto('/admin/');
  expect(new URL(page.url()).pathname).toBe('/admin');
  await expect(page.getByRole('button', { name: 'Work with Local Repository' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In Using Access Token' })).toBeVisible();
  await statusCheck;
}

const cspViolations = (errors: string[]) =>
  errors.filter((error) => /Content Security Policy/i.test(error));

test('the editor shows its sign-in screen in Chromium with no CSP violation', async ({ page }) => {
  const errors = collectErrors(page);
  await openEditor(page);
  expect(cspViolations(errors)).toEqual([]);
  // Network failures (this machine reaches no CDN) are not script errors.
  expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
});

test.describe('in a French browser', () => {
  test.use({ locale: 'fr-BE' });

  // A closed network (issue 46): every request to another origin fails. The editor's fonts, icon
  // font and French strings come from /admin (src/site-generator/admin-offline.ts). (Before, its
  // French strings came from unpkg.com: blocked by the policy, the page hung.)
  test('on a closed network: French interface, its icons drawn by the icon font', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    const outside: string[] = [];
    await page.route(
      (url) => url.origin !== origin,
      async (route) => {
        outside.push(new URL(route.request().url()).host);
        await route.abort('internetdisconnected');
      },
    );
    const errors = collectErrors(page);
    const icons = page.waitForResponse(
      '/admin/fonts/material-symbols-outlined-latin-wght-normal.woff2',
    );
    const strings = page.waitForResponse('/admin/locales/fr.json');
    await page.goto('/admin');
    expect((await strings).status()).toBe(200);
    await expect(
      page.getByRole('button', { name: 'Travailler avec un dépôt local' }),
    ).toBeVisible();
    expect((await icons).status()).toBe(200);
    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].map((face) => `${face.family}: ${face.status}`).sort();
    });
    expect(faces).toEqual([
      'Material Symbols Outlined: loaded',
      'Noto Mono: unloaded', // its code font: no code on the sign-in screen
      'Source Sans 3: loaded',
    ]);
    expect(cspViolations(errors)).toEqual([]);
    expect(errors.filter((error) => /locale/i.test(error))).toEqual([]);
    // Only the git backend's status page is outside, as with GitHub as the backend.
    expect([...new Set(outside)]).toEqual(['www.githubstatus.com']);
  });
});

test('/admin/config.yml is the generated configuration', async ({ request }) => {
  const response = await request.get('/admin/config.yml');
  expect(response.status()).toBe(200);
  expect(response.headers()['x-robots-tag']).toBe('noindex');
  expect(parse(await response.text())).toEqual(
    parse(cmsConfigYaml(join(ROOT, 'content'), 'OWNER/REPOSITORY', 'main')),
  );
});

// The owners of the site's paths (for the checks on saving) tell no more than the site does: the
// paths of its routes, each with a content folder and key, never where the build ran.
test('/admin/site-paths.json lists only the routes, by entry id, with no file-system path', async ({
  request,
}) => {
  const response = await request.get('/admin/site-paths.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['x-robots-tag']).toBe('noindex');
  const owners = (await response.json()) as Record<string, string>;
  const routes = JSON.parse(readFileSync(join(ROOT, '.cache/routes.json'), 'utf8')) as {
    path: string;
  }[];
  expect(Object.keys(owners).sort()).toEqual(routes.map((route) => route.path).sort());
  expect(owners['/fr/contacts']).toBe('pages/contacts');
  expect(
    Object.values(owners).filter(
      (owner) => !/^((pages|news|attacks|events)\/[a-z0-9-]+)?$/.test(owner),
    ),
  ).toEqual([]);
  expect(JSON.stringify(owners)).not.toContain(ROOT);
});

test('sitemap.xml, the search index and the precache name no /admin URL', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>http://localhost:8080/en/first-steps</loc>');
  expect(sitemap).not.toContain('/admin');

  const worker = await (await request.get('/sw.js')).text();
  const precached = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);
  expect(precached).toContain('/en/first-steps');
  expect(precached.filter((url) => url?.startsWith('/admin'))).toEqual([]);

  // One index per language, each with a fragment per page.
  const urls = readdirSync(join(DIST, 'pagefind')).flatMap((language) => {
    const fragments = join(DIST, 'pagefind', language, 'fragment');
    return readdirSync(fragments).map((file) => {
      const text = gunzipSync(readFileSync(join(fragments, file))).toString('utf8');
      return (JSON.parse(text.replace(/^pagefind_dcd/, '')) as { url: string }).url;
    });
  });
  // Pagefind names a page by the folder it read it from (search-index-writer.ts).
  expect(urls).toContain('/en/first-steps/');
  expect(urls.filter((url) => url.startsWith('/admin'))).toEqual([]);
});

test('no public page references /admin, and no public asset holds Sveltia', () => {
  const pages = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('index.html') && !file.startsWith('admin'),
  );
  expect(pages.length).toBeGreaterThan(200);
  for (const file of pages) {
    const html = readFileSync(join(DIST, file), 'utf8');
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(
      references.filter((url) => url?.includes('/admin')),
      file,
    ).toEqual([]);
  }
  for (const file of readdirSync(join(DIST, 'assets')).filter((name) => name.endsWith('.js'))) {
    expect(readFileSync(join(DIST, 'assets', file), 'utf8'), file).not.toContain('Sveltia');
  }
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('navigation to /admin is never answered by the worker, online or offline', async ({
    page,
    context,
  }) => {
    await page.goto('/en');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // A public page is answered by the worker (network first): the check below can fail.
    expect((await page.goto('/en/contacts'))?.fromServiceWorker()).toBe(true);
    expect((await page.goto('/admin'))?.fromServiceWorker()).toBe(false);
    expect(await page.evaluate(async () => Boolean(await caches.match('/admin')))).toBe(false);

    await context.setOffline(true);
    // Offline, the public site's offline page must not stand in for the editor.
    await expect(page.goto('/admin')).rejects.toThrow('net::ERR_INTERNET_DISCONNECTED');
    // …while a public page not visited yet gets it (in a tab of its own: the failed navigation
    // above leaves this one on Chromium's error page).
    const other = await context.newPage();
    await other.goto('/en/insurance');
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  });
});
