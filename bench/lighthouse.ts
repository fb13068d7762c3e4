// Lighthouse (mobile profile) over one page per template, against the built site served by our
// own server. Prints, per template, the four category scores, total blocking time, the longest
// main-thread task, the JavaScript each page transfers, and Lighthouse's CPU benchmark index (so
// figures from two machines can be compared). `npm run bench:lighthouse [distDir…]` runs only this.
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
  /** Total blocking time, ms (simulated 4× CPU slowdown). */
  tbt: number;
  /** The longest main-thread task, ms (as Lighthouse's long-tasks audit reports it, throttled). */
  longestTask: number;
  /** Lighthouse's CPU benchmark index of the machine during this run. */
  benchmarkIndex: number;
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
        tbt: audits['total-blocking-time']?.numericValue ?? 0,
        longestTask: Math.max(
          0,
          ...(
            (audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)
              ?.items ?? []
          ).map((item) => item.duration),
        ),
        benchmarkIndex: result.lhr.environment.benchmarkIndex,
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

/** Each page's median of every figure over several runs of the same pages. */
export function medianRows(runs: LighthouseRow[][]): LighthouseRow[] {
  return (runs[0] ?? []).map(({ template, path }, i) => {
    const rows = runs.map((rowsOfRun) => rowsOfRun[i]).filter((row) => row !== undefined);
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
      tbt: of('tbt'),
      longestTask: of('longestTask'),
      benchmarkIndex: of('benchmarkIndex'),
    };
  });
}

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
  return medianRows(all);
}

/** The rows as a Markdown table. */
export function lighthouseTable(rows: LighthouseRow[]): string {
  const lines = [
    '| template | path | perf | TBT ms | longest task ms | JS KB transferred | a11y | best pr. | SEO | CLS | benchmark index |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.template} | ${row.path} | ${row.performance} | ${row.tbt.toFixed(0)} | ${row.longestTask.toFixed(0)} | ${row.scriptKb.toFixed(1)} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.cls.toFixed(3)} | ${row.benchmarkIndex.toFixed(0)} |`,
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

// `node bench/lighthouse.ts [distDir…]`: the median of three runs over each built site. With two
// sites or more the runs alternate (first site, second site, first site…), so that both meet the
// same load of a shared machine; each run's benchmark index per site is printed too.
if (import.meta.main) {
  const distDirs = process.argv.slice(2);
  if (distDirs.length === 0) distDirs.push(join(import.meta.dirname, '../dist'));
  const runs = new Map<string, LighthouseRow[][]>(distDirs.map((distDir) => [distDir, []]));
  for (let run = 0; run < 3; run++) {
    for (const distDir of distDirs) {
      const rows = await runLighthouse(distDir, await templatePages(distDir));
      runs.get(distDir)?.push(rows);
      const indexes = rows.map((row) => row.benchmarkIndex.toFixed(0)).join(', ');
      console.log(`run ${String(run + 1)}, ${distDir}: benchmark index per page ${indexes}`);
    }
  }
  for (const [distDir, rowsOfRuns] of runs) {
    console.log(`\n${distDir}: Lighthouse mobile, median of three runs`);
    console.log(lighthouseTable(medianRows(rowsOfRuns)));
  }
}
