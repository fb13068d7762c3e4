// `npm run bench:build -- --pages N`: one full build of the real content plus N generated pages,
// printing wall time, the build's own phases and peak RSS (issue 18, target 1). With --rebuild,
// then one news item is edited and the site built again with the cache (target 2).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
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
    rebuild: { type: 'boolean', default: false },
  },
});
const count = Number(values.pages);
if (!Number.isInteger(count) || count < 0) throw new Error(`--pages: not a count: ${values.pages}`);

const contentDir = join(out, `content-${count}`);
if (!values.reuse || !existsSync(contentDir))
  await generateContent(join(root, 'content'), contentDir, count);

const options = {
  root,
  contentDir,
  outDir: join(out, `dist-scale-${count}`),
  routeListFile: join(out, `routes-scale-${count}.json`),
  cacheDir: join(out, `cache-scale-${count}`),
  address: { siteUrl: 'http://localhost:8080' },
  ...(values.workers === undefined ? {} : { workers: Number(values.workers) }),
};

/**
 * The peak RSS of this process's children (Vite's, then Pagefind's), in MiB, sampled: their
 * high-water mark (VmHWM) is read while they run. /usr/bin/time does not see Pagefind's, whose
 * process Node does not wait for once the build closed it.
 */
function watchChildren(): { stop: () => number } {
  const peaks = new Map<string, number>();
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      // The thread or the child ended between the listing and the read.
      return '';
    }
  };
  const sample = () => {
    for (const task of readdirSync('/proc/self/task'))
      for (const pid of read(`/proc/self/task/${task}/children`).split(' ')) {
        if (!pid.trim()) continue;
        const kib = Number(/VmHWM:\s+(\d+)/.exec(read(`/proc/${pid}/status`))?.[1] ?? 0);
        peaks.set(pid, Math.max(peaks.get(pid) ?? 0, kib));
      }
  };
  const timer = setInterval(sample, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(0, ...peaks.values()) / 1024;
    },
  };
}

/**
 * Starts counting this process's peak RSS (VmHWM) anew: Linux resets it when "5" is written to
 * clear_refs. Says whether it could. A rebuild's figure is then its own, not the full build's;
 * it starts from what the full build left resident in this process (a rebuild run alone, by
 * `npm run build`, starts from nothing).
 */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** This process's peak RSS in MiB, worker threads included: since resetPeak, when it could. */
function peakMib(reset: boolean): number {
  const kib = reset
    ? Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1])
    : NaN;
  // Else maxRSS (KiB), which counts from the process's start: a rebuild's is then the highest of
  // both builds.
  return (Number.isFinite(kib) ? kib : process.resourceUsage().maxRSS) / 1024;
}

/** Builds and prints the figures of that build as one JSON line. */
async function measure(label: string, cache: boolean) {
  const reset = resetPeak();
  const children = watchChildren();
  const start = performance.now();
  const report = await buildSite({ ...options, cache });
  const wallMs = performance.now() - start;
  const childPeakMb = children.stop();
  const peakMb = peakMib(reset);
  console.log(
    JSON.stringify({
      build: label,
      pages: report.pages,
      pagesKept: report.pagesKept,
      bundlesKept: report.bundlesKept,
      wallS: Number((wallMs / 1000).toFixed(1)),
      loadMs: Math.round(report.loadMs),
      bundleMs: Math.round(report.bundleMs),
      prerenderMs: Math.round(report.prerenderMs),
      searchIndexWaitMs: Math.round(report.searchIndexWaitMs),
      compressMs: Math.round(report.compressMs),
      prerenderMsPerPage: Number((report.prerenderMs / report.pages).toFixed(2)),
      peakRssMb: Math.round(peakMb),
      childPeakRssMb: Math.round(childPeakMb),
    }),
  );
}

await measure('full', false);
if (values.rebuild) {
  // An editor's change: one more sentence in one English news item.
  const edited = join(contentDir, 'news/brussels-trial-sentences-2023.en.md');
  const original = await readFile(edited, 'utf8');
  await writeFile(edited, `${original.trimEnd()}\n\nThis item was updated.\n`);
  try {
    await measure('rebuild', true);
  } finally {
    await writeFile(edited, original);
  }
}
