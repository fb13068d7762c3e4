// `npm run bench:build -- --pages N`: one full build of the real content plus N generated pages,
// printing wall time, the build's own phases and peak RSS (issue 18, target 1).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../src/site-generator/build.ts';
import { generateContent } from './generate-content.ts';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'bench/out');

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '4000' },
    // Keeps the generated content of an earlier run: generating 64,000 pages takes a while.
    reuse: { type: 'boolean', default: false },
    workers: { type: 'string' },
  },
});
const count = Number(values.pages);
if (!Number.isInteger(count) || count < 0) throw new Error(`--pages: not a count: ${values.pages}`);

const contentDir = join(out, `content-${count}`);
if (!values.reuse || !existsSync(contentDir))
  await generateContent(join(root, 'content'), contentDir, count);

const start = performance.now();
const report = await buildSite({
  root,
  contentDir,
  outDir: join(out, `dist-scale-${count}`),
  routeListFile: join(out, `routes-scale-${count}.json`),
  ssrDir: join(out, `ssr-scale-${count}`),
  address: { siteUrl: 'http://localhost:8080' },
  ...(values.workers === undefined ? {} : { workers: Number(values.workers) }),
});
const wallMs = performance.now() - start;
// maxRSS covers the whole process (worker threads included), in KiB; Pagefind's own process is
// a child and not counted here (run under /usr/bin/time -v to see it).
const peakMb = process.resourceUsage().maxRSS / 1024;
console.log(
  JSON.stringify({
    pages: report.pages,
    wallS: Number((wallMs / 1000).toFixed(1)),
    bundleMs: Math.round(report.bundleMs),
    prerenderMs: Math.round(report.prerenderMs),
    compressMs: Math.round(report.compressMs),
    prerenderMsPerPage: Number((report.prerenderMs / report.pages).toFixed(2)),
    peakRssMb: Math.round(peakMb),
  }),
);
