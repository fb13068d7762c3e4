// The gates a built release passes before it goes live (issue 46): every page's HTML parses
// without error, every link of the site to itself reaches a file of the release (and an anchor
// the target page has), and the site has not lost more than 5% of its pages unless the publisher
// was told so (`--allow-removals`). The content checks are the build's own: it refuses content
// that breaks a schema or a rule. A page whose bytes were scanned before is not parsed again
// (the scans are kept by the page's hash in RELEASES_DIR/cache/gates.v8): a one-page change
// parses one page, whatever the size of the site.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { fileForPath } from '../url-rules.ts';
import { scanPage, type PageScan } from './page-scan.ts';

/** The largest share of the live release's pages a publication may drop without being told. */
export const MAX_PAGE_DROP = 0.05;
/** How many problems a report lists (the rest are counted). */
const LISTED = 40;

export interface GateOptions {
  /** The built site. */
  siteDir: string;
  /** Its pages (the build's routes), and the live release's, when there is one. */
  pages: number;
  livePages?: number | undefined;
  allowRemovals?: boolean;
  /** Where the scans are kept between publications. */
  cacheFile: string;
}

export interface GateResult {
  ok: boolean;
  /** One line a problem, for the editors' e-mail and the publisher's record. */
  problems: string[];
  /** Pages parsed by this check (the others' scans were kept). */
  parsed: number;
}

/** The path of each page (`index.html`) of a built site; the editor's folder is not the site. */
async function pageFiles(siteDir: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const entry of await readdir(siteDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = join(entry.parentPath, entry.name);
    const folder = relative(siteDir, entry.parentPath).split(sep).join('/');
    if (folder === 'admin' || folder.startsWith('admin/')) continue;
    pages.set(folder === '' ? '/' : `/${folder}`, file);
  }
  return pages;
}

type ScanCache = Map<string, PageScan>;

async function readScans(file: string): Promise<ScanCache> {
  try {
    return deserialize(await readFile(file)) as ScanCache;
  } catch {
    return new Map();
  }
}

async function writeScans(file: string, scans: ScanCache): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, serialize(scans));
  await rename(`${file}.tmp`, file);
}

/** Whether a path of the site answers with a file of the release, as the servers map it. */
function resolver(siteDir: string): (path: string) => boolean {
  const known = new Map<string, boolean>();
  return (path) => {
    let found = known.get(path);
    if (found === undefined) {
      let decoded = path;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        // Left as written: a file of that name, if any.
      }
      const file = fileForPath(decoded.length > 1 ? decoded.replace(/\/$/, '') : decoded);
      found = !file.startsWith('..') && existsSync(join(siteDir, file));
      known.set(path, found);
    }
    return found;
  };
}

/** Runs the gates over a built site. */
export async function checkRelease(options: GateOptions): Promise<GateResult> {
  const problems: string[] = [];
  const { pages, livePages } = options;
  if (
    livePages !== undefined &&
    !options.allowRemovals &&
    pages < livePages * (1 - MAX_PAGE_DROP)
  ) {
    problems.push(
      `the site would go from ${String(livePages)} to ${String(pages)} pages (more than ${String(MAX_PAGE_DROP * 100)}% fewer): publish with --allow-removals if that is meant`,
    );
  }
  const kept = await readScans(options.cacheFile);
  const scans: ScanCache = new Map();
  const byPath = new Map<string, PageScan>();
  let parsed = 0;
  for (const [path, file] of await pageFiles(options.siteDir)) {
    const html = await readFile(file);
    const hash = createHash('sha256').update(html).digest('base64url');
    let scan = kept.get(hash) ?? scans.get(hash);
    if (!scan) {
      scan = scanPage(html.toString('utf8'));
      parsed++;
    }
    scans.set(hash, scan);
    byPath.set(path, scan);
  }
  const exists = resolver(options.siteDir);
  const idsOf = new Map<string, Set<string>>();
  for (const [path, scan] of byPath) {
    for (const error of scan.errors) problems.push(`${path}: the HTML does not parse: ${error}`);
    for (const link of scan.links) {
      const [target = '', anchor] = link.split('#');
      if (!exists(target)) {
        problems.push(`${path} links to ${target}, which is not on the site`);
        continue;
      }
      const targetScan = byPath.get(target.length > 1 ? target.replace(/\/$/, '') : target);
      if (!anchor || !targetScan) continue;
      let ids = idsOf.get(target);
      if (!ids) idsOf.set(target, (ids = new Set(targetScan.ids)));
      if (!ids.has(decodeURIComponent(anchor)))
        problems.push(`${path} links to ${link}, a part that page does not have`);
    }
  }
  await writeScans(options.cacheFile, scans);
  const listed = problems.slice(0, LISTED);
  if (problems.length > LISTED) listed.push(`… and ${String(problems.length - LISTED)} more`);
  return { ok: problems.length === 0, problems: listed, parsed };
}
