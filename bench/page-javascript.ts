// `node bench/page-javascript.ts [distDir]`: the JavaScript each template's page loads in Chromium
// (files, minified bytes, gzip -9 bytes), over an existing build. The figures of docs/performance.md.
// Each page is loaded as Lighthouse's mobile run loads it (its viewport and user agent, no input)
// until the network has been quiet for 3 s (longer than the 2 s after which idle work starts), and
// the last columns count what Lighthouse counts as "JavaScript transferred": every script fetched
// until then, late chunks and prefetched templates included, each with its response headers
// (Chromium's `encodedDataLength`).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { createApp } from '../server/app.ts';

const distDir = resolve(process.argv[2] ?? join(import.meta.dirname, '../dist'));
// Lighthouse 13's mobile profile (node_modules/lighthouse/core/config/constants.js).
const MOBILE = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  viewport: { width: 412, height: 823 },
};
const QUIET_MS = 3000;

const newsList = JSON.parse(
  await readFile(join(distDir, 'page-data/en/news/page-data.json'), 'utf8'),
) as { result: { data: { listing?: { path: string }[] } } };
const article = newsList.result.data.listing?.[0]?.path ?? '/en/news';

const pages: [string, string][] = [
  ['splash', '/'],
  ['content page', '/en/first-steps'],
  ['search results', '/en/search?q=cookie'],
  ['news list', '/en/news'],
  ['article', article],
  ['agenda', '/en/agenda'],
  ['404', '/en/no-such-page'],
];

const app = await createApp({ distDir, logLevel: 'warn' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** The scripts a page fetches until the network is quiet, each with its transferred bytes. */
async function scriptsUntilIdle(path: string): Promise<Map<string, number>> {
  const context = await browser.newContext(MOBILE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const transferred = new Map<string, number>();
  let last = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    last = Date.now();
    if (event.type === 'Script') urls.set(event.requestId, new URL(event.request.url).pathname);
  });
  cdp.on('Network.loadingFinished', (event) => {
    last = Date.now();
    const url = urls.get(event.requestId);
    if (url) transferred.set(url, event.encodedDataLength);
  });
  // A localhost origin, as Lighthouse's: the browser asks for brotli there.
  await page.goto(`http://localhost:${String(port)}${path}`, { waitUntil: 'load' });
  while (Date.now() - last < QUIET_MS) await new Promise((done) => setTimeout(done, 100));
  await context.close();
  return transferred;
}

console.log(
  '| page | path | scripts | minified | gzip -9 | fetched until idle | transferred, with headers |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const [label, path] of pages) {
  const scripts = await scriptsUntilIdle(path);
  let gzipBytes = 0;
  let rawBytes = 0;
  let transferred = 0;
  for (const [script, bytes] of scripts) {
    const data = await readFile(join(distDir, script));
    rawBytes += data.length;
    gzipBytes += gzipSync(data, { level: 9 }).length;
    transferred += bytes;
  }
  const names = [...scripts.keys()].map((script) =>
    script.replace(/^\/assets\/|-[\w-]{8}\.js$/g, ''),
  );
  console.log(
    `| ${label} | ${path} | ${String(scripts.size)} | ${rawBytes.toLocaleString('en')} | ${gzipBytes.toLocaleString('en')} | ${names.sort().join(', ')} | ${transferred.toLocaleString('en')} B (${(transferred / 1024).toFixed(1)} KiB) |`,
  );
}
await browser.close();
await app.close();
