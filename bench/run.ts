// `npm run bench`: build time per page for the real site and for 1,000 and 10,000 generated pages,
// the JavaScript a content page loads, the search (its index's size, the time and bytes of a first
// and second query on a throttled connection: bench/search-timing.ts; its quality on the query
// set: bench/search-quality.ts), the form API under load (bench/forms.ts) and the rate limit as
// addresses accumulate (bench/rate-limit.ts). Prints figures; asserts nothing about time.
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildSite, type BuildReport } from '../src/site-generator/build.ts';
import { createApp } from '../server/app.ts';
import { runFormsBench } from './forms.ts';
import { runInboxBench } from './inbox.ts';
import { runOverviewBench } from './overview.ts';
import { runRateLimitBench } from './rate-limit.ts';
import { generateContent } from './generate-content.ts';
import { indexSizes } from './search.ts';
import { runSearchQualityBench } from './search-quality.ts';
import { searchTiming, timingLines } from './search-timing.ts';
import { lighthouseTable, runLighthouseMedian, templatePages } from './lighthouse.ts';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'bench/out');

const line = (label: string, report: BuildReport) => {
  const total = report.bundleMs + report.prerenderMs + report.searchIndexWaitMs + report.compressMs;
  console.log(
    `${label.padEnd(14)} ${String(report.pages).padStart(6)} pages  prerender ${(report.prerenderMs / report.pages).toFixed(2)} ms/page` +
      `  compress ${(report.compressMs / report.pages).toFixed(2)} ms/page  bundle ${report.bundleMs.toFixed(0)} ms  total ${(total / 1000).toFixed(1)} s`,
  );
};

async function build(
  label: string,
  contentDir: string,
): Promise<{ report: BuildReport; outDir: string }> {
  const outDir = join(out, `dist-${label}`);
  const report = await buildSite({
    root,
    contentDir,
    outDir,
    routeListFile: join(out, `routes-${label}.json`),
    // Each line measures a build from nothing, bundles included.
    cache: false,
    address: { siteUrl: process.env.SITE_URL, localPreview: 'http://localhost:8080' },
  });
  line(label, report);
  return { report, outDir };
}

/** Loads a page in Chromium and sums the gzip size of every script it fetched. */
async function javascriptOf(
  distDir: string,
  path: string,
): Promise<{ files: number; gzipBytes: number; rawBytes: number }> {
  const app = await createApp({ distDir, logLevel: 'warn' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const scripts = new Set<string>();
  const page = await browser.newPage();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
  await browser.close();
  await app.close();
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const script of scripts) {
    const data = await readFile(join(distDir, script));
    rawBytes += data.length;
    gzipBytes += gzipSync(data, { level: 9 }).length;
  }
  return { files: scripts.size, gzipBytes, rawBytes };
}

console.log('Build (bundle = Vite client + prerender bundles, once per build)');
const real = await build('site', join(root, 'content'));
const perPage: number[] = [real.report.prerenderMs / real.report.pages];
let largest = real.outDir;
for (const count of [1_000, 10_000]) {
  const contentDir = join(out, `content-${count}`);
  await generateContent(join(root, 'content'), contentDir, count);
  const { report, outDir } = await build(`gen-${count}`, contentDir);
  perPage.push(report.prerenderMs / report.pages);
  largest = outDir;
}
const [, at1k = 0, at10k = 0] = perPage;
console.log(
  `growth: prerender ms/page at 10,000 pages ÷ at 1,000 pages = ${(at10k / at1k).toFixed(2)} (1.00 is linear)`,
);

const js = await javascriptOf(real.outDir, '/en/first-steps');
console.log(
  `JavaScript on /en/first-steps: ${js.files} files, ${(js.gzipBytes / 1024).toFixed(1)} KB gzip (${(js.rawBytes / 1024).toFixed(1)} KB minified)`,
);
const html = await stat(join(real.outDir, 'en/first-steps/index.html'));
console.log(`HTML of /en/first-steps: ${(html.size / 1024).toFixed(1)} KB`);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const [label, distDir] of [
  ['site', real.outDir],
  ['gen-10000', largest],
] as const) {
  const sizes = await indexSizes(distDir);
  console.log(
    `search index ${label}: ${Object.entries(sizes)
      .map(([language, bytes]) => `${language} ${kb(bytes)}`)
      .join(', ')}`,
  );
  const app = await createApp({ distDir, logLevel: 'warn' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
  console.log(`search ${label} (en), throttled to 150 ms a round trip and 1.6 Mbit/s:`);
  console.log(
    timingLines(await searchTiming(origin, 'en', 'insurance', 'psychologist')).join('\n'),
  );
  await app.close();
}

await runSearchQualityBench(real.outDir);

console.log('\nLighthouse, mobile profile, median of three runs:');
console.log(
  lighthouseTable(await runLighthouseMedian(real.outDir, await templatePages(real.outDir))),
);

await runFormsBench();
await runInboxBench();
await runOverviewBench();
await runRateLimitBench();
