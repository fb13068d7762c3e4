// Lighthouse (mobile profile) over one page per template, against the built site served by our
// own server. Prints the four category scores and the JavaScript each page transfers.
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
