// `node bench/page-javascript.ts [distDir]`: the JavaScript each template's page loads in Chromium
// (files, minified bytes, gzip -9 bytes), over an existing build. The figures of docs/performance.md.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { createApp } from '../server/app.ts';

const distDir = resolve(process.argv[2] ?? join(import.meta.dirname, '../dist'));

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
console.log('| page | path | scripts | minified | gzip -9 |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const [label, path] of pages) {
  const scripts = new Set<string>();
  const page = await browser.newPage();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
  await page.close();
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const script of scripts) {
    const data = await readFile(join(distDir, script));
    rawBytes += data.length;
    gzipBytes += gzipSync(data, { level: 9 }).length;
  }
  console.log(
    `| ${label} | ${path} | ${scripts.size} | ${rawBytes.toLocaleString('en')} | ${gzipBytes.toLocaleString('en')} |`,
  );
}
await browser.close();
await app.close();
