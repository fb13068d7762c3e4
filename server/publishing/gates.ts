// The gates a built release passes before it goes live (issue 46): every page's HTML parses
// without error, every link of the site to itself reaches a file of the release (and an anchor
// the target page has), and the site has not lost more than 5% of its pages unless the publisher
// was told so (`--allow-removals`). The content checks are the build's own: it refuses content
// that breaks a schema or a rule.
//
// The pages are the build's page list (pages.json: each page's path and the SHA-256 of the HTML
// it wrote, or kept from the build before: src/site-generator/html-hash.ts), not a walk of the
// folder. A page whose hash was scanned before is neither read nor parsed again (the scans are
// kept by hash in RELEASES_DIR/cache/gates.v8): those bytes passed the gates in an earlier
// release. A page with a new hash is read, its bytes checked against the hash and parsed: a
// one-page change reads and parses one page, whatever the size of the site. Every link of every
// page is still checked against the files of the new release (in memory, from the scans), so a
// removed page fails the links of the unchanged pages that point at it.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
  /** Its pages: each page's path and the hash of its HTML, as the build lists them (pages.json). */
  pages: ReadonlyMap<string, string>;
  /** The live release's page count, when there is one. */
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

/** The hash the build lists a page's HTML with (src/site-generator/html-hash.ts). */
export const pageHash = (html: Uint8Array): string =>
  createHash('sha256').update(html).digest('base64url');

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
  const { livePages } = options;
  const pages = options.pages.size;
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
  for (const [path, listed] of options.pages) {
    let hash = listed;
    let scan = kept.get(hash) ?? scans.get(hash);
    if (!scan) {
      let html: Buffer;
      try {
        html = await readFile(join(options.siteDir, fileForPath(path)));
      } catch {
        problems.push(`${path}: the build lists this page, but the release has no file for it`);
        continue;
      }
      hash = pageHash(html);
      if (hash !== listed) problems.push(`${path}: the page's file is not the one the build lists`);
      scan = kept.get(hash) ?? scans.get(hash);
      if (!scan) {
        scan = scanPage(html.toString('utf8'));
        parsed++;
      }
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
  // The same scans as the last check's (none parsed, none dropped): nothing to write.
  if (parsed > 0 || scans.size !== kept.size) await writeScans(options.cacheFile, scans);
  const listed = problems.slice(0, LISTED);
  if (problems.length > LISTED) listed.push(`… and ${String(problems.length - LISTED)} more`);
  return { ok: problems.length === 0, problems: listed, parsed };
}
