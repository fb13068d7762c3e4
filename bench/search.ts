// Search figures: the Pagefind index size per language, and the bytes a browser transfers for a
// first and a second query (from Chromium's network log: encoded body plus headers).
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createApp } from '../server/app.ts';

/** Bytes of the index files of each language, all its parts (pagefind/{part}/: meta, chunks, fragments, wasm). */
export async function indexSizes(distDir: string): Promise<Record<string, number>> {
  const root = join(distDir, 'pagefind');
  const sizes: Record<string, number> = {};
  const files = await readdir(root, { recursive: true });
  for (const file of files) {
    const language = /^(nl|fr|de|en)(?:-\d+)?\//.exec(file)?.[1];
    if (!language || /\.(br|gz)$/.test(file)) continue;
    sizes[language] = (sizes[language] ?? 0) + (await stat(join(root, file))).size;
  }
  return sizes;
}

/** Serves distDir, runs two searches on a language's search page and reports the bytes moved. */
export async function queryTransfer(
  distDir: string,
  language: string,
  first: string,
  second: string,
) {
  const app = await createApp({ distDir, logLevel: 'warn' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  // A first visit: no service worker yet (its own fetches would count twice).
  const page = await browser.newPage({ serviceWorkers: 'block' });
  // Bodies and HTTP/1.1 headers apart: the headers (mostly the CSP) shrink to little under HTTP/2.
  let bytes = { body: 0, headers: 0 };
  page.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/pagefind/')) return;
    void request.sizes().then((sizes) => {
      bytes.body += sizes.responseBodySize;
      bytes.headers += sizes.responseHeadersSize;
    });
  });
  const run = async (query: string) => {
    bytes = { body: 0, headers: 0 };
    await page.goto(`${origin}/${language}/search?q=${encodeURIComponent(query)}`, {
      waitUntil: 'networkidle',
    });
    await page
      .getByTestId('search-status')
      .filter({ hasText: /\d|Geen|No |Aucun|Keine/ })
      .waitFor();
    return bytes;
  };
  // The second query runs on the same page: a client navigation to a new ?q=.
  const firstBytes = await run(first);
  // The consent dialog of a first visit is modal: the page behind it takes no input until it is
  // answered (only the necessary cookies, for the English page the bench opens).
  await page.getByRole('button', { name: 'Allow selected cookies' }).click();
  bytes = { body: 0, headers: 0 };
  await page.getByRole('main').getByRole('searchbox').fill(second);
  await page.getByRole('main').getByRole('searchbox').press('Enter');
  await page.getByTestId('search-status').filter({ hasText: second }).waitFor();
  await page.waitForLoadState('networkidle');
  const secondBytes = bytes;
  await browser.close();
  await app.close();
  return { firstBytes, secondBytes };
}
