// Builds a content folder into a release folder with `npm run build`'s program, in a process of
// its own (the build's threads and memory go with it; the publisher stays small), with the same
// Node settings as package.json. `--out DIR` puts the build cache beside DIR: RELEASES_DIR/cache
// for releases, so that each build keeps the pages and bundles the last one made; and the page
// list (pages.json: each page's path and HTML hash), which the gates check the release by.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

const root = resolve(import.meta.dirname, '../..');

export interface SiteBuildOptions {
  contentDir: string;
  outDir: string;
  /** The address the site's links are written with (SITE_URL); content/site.yaml's otherwise. */
  siteUrl?: string;
  /** Prerender worker threads (default: one per core). */
  workers?: number;
  /** The instant scheduled news and events are judged at (the publisher's clock). */
  now?: Date;
}

/** The build's result: its pages, and its last line (the phases and times). */
export interface SiteBuildResult {
  pages: number;
  /** Each page's path and the hash of its HTML (the build's pages.json), in route order. */
  pageHashes: Map<string, string>;
  summary: string;
}

const PageList = z.record(z.string().startsWith('/'), z.string().regex(/^[\w-]{43}$/));

/** The page list the build wrote beside `outDir`. */
async function readPageList(outDir: string): Promise<Map<string, string>> {
  const text = await readFile(join(dirname(resolve(outDir)), 'pages.json'), 'utf8');
  return new Map(Object.entries(PageList.parse(JSON.parse(text))));
}

/** Runs the build; rejects with the build's own message (the content error) when it fails. */
export function buildSiteFolder(options: SiteBuildOptions): Promise<SiteBuildResult> {
  const args = [
    '--max-semi-space-size=8',
    join(root, 'src/site-generator/build.ts'),
    '--content',
    options.contentDir,
    '--out',
    options.outDir,
    ...(options.siteUrl ? ['--site-url', options.siteUrl] : []),
    ...(options.workers ? ['--workers', String(options.workers)] : []),
    ...(options.now ? ['--now', options.now.toISOString()] : []),
  ];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { MALLOC_ARENA_MAX: '2', ...process.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const summary = stdout.trim().split('\n').pop() ?? '';
      const pages = Number(/built (\d+) pages/.exec(summary)?.[1]);
      if (code === 0 && Number.isInteger(pages))
        readPageList(options.outDir).then((pageHashes) => {
          done({ pages, pageHashes, summary });
        }, fail);
      else fail(new Error(stderr.trim() || `the build stopped (exit ${String(code)})`));
    });
  });
}
