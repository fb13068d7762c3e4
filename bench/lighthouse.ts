// Lighthouse (mobile profile) over one page per template, against the built site served by our
// own server. Prints the four category scores and the JavaScript each page transfers.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createApp } from '../server/app.ts';

export interface LighthouseRow {
  template: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  scriptKb: number;
  cls: number;
}

/** Runs Lighthouse on each [template, path] of the site in `distDir`. */
export async function runLighthouse(
  distDir: string,
  pages: [string, string][],
): Promise<LighthouseRow[]> {
  const app = await createApp({ distDir, logLevel: 'warn' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
    ],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const [template, path] of pages) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        // The not-found template answers 404 on purpose; Lighthouse refuses such pages otherwise.
        ignoreStatusCode: true,
      });
      if (!result) throw new Error(`lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const items =
        (
          audits['resource-summary']?.details as
            { items?: { resourceType: string; transferSize: number }[] } | undefined
        )?.items ?? [];
      rows.push({
        template,
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        scriptKb: (items.find((item) => item.resourceType === 'script')?.transferSize ?? 0) / 1024,
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
      });
    }
  } finally {
    chrome.kill();
    await app.close();
  }
  return rows;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Runs Lighthouse `runs` times over the same pages and keeps each page's median of every figure:
 * scores move with the machine's load, so one run says little (issue 18 asks for three).
 */
export async function runLighthouseMedian(
  distDir: string,
  pages: [string, string][],
  runs = 3,
): Promise<LighthouseRow[]> {
  const all: LighthouseRow[][] = [];
  for (let run = 0; run < runs; run++) all.push(await runLighthouse(distDir, pages));
  return pages.map(([template, path], i) => {
    const rows = all.map((rowsOfRun) => rowsOfRun[i]).filter((row) => row !== undefined);
    const of = (figure: keyof Omit<LighthouseRow, 'template' | 'path'>) =>
      median(rows.map((row) => row[figure]));
    return {
      template,
      path,
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      seo: of('seo'),
      scriptKb: of('scriptKb'),
      cls: of('cls'),
    };
  });
}

/** The rows as a Markdown table. */
export function lighthouseTable(rows: LighthouseRow[]): string {
  const lines = [
    '| template | path | perf | a11y | best pr. | SEO | JS (KB, transferred) | CLS |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.template} | ${row.path} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.scriptKb.toFixed(1)} | ${row.cls.toFixed(3)} |`,
    );
  }
  return lines.join('\n');
}

/** The pages the bench measures: one per template; the article is the newest English news item. */
export async function templatePages(distDir: string): Promise<[string, string][]> {
  const newsList = JSON.parse(
    await readFile(join(distDir, 'page-data/en/news/page-data.json'), 'utf8'),
  ) as { result: { data: { listing?: { path: string }[] } } };
  const article = newsList.result.data.listing?.[0]?.path ?? '/en/news';
  return [
    ['splash', '/'],
    ['root page', '/en'],
    ['content page', '/en/first-steps'],
    ['search results', '/en/search?q=cookie'],
    ['news list', '/en/news'],
    ['article', article],
    ['agenda', '/en/agenda'],
    // Served with status 404 (Lighthouse is told to accept it).
    ['404', '/en/no-such-page'],
  ];
}

// `node bench/lighthouse.ts [distDir]`: the median of three runs over the built site.
if (import.meta.main) {
  const distDir = process.argv[2] ?? join(import.meta.dirname, '../dist');
  console.log(lighthouseTable(await runLighthouseMedian(distDir, await templatePages(distDir))));
}
