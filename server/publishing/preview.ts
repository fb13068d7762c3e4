// A preview (`npm run release -- preview --branch NAME`, and the publisher service on request):
// a branch of the editors' repository built as the site would be, into
// RELEASES_DIR/previews/{name}/site, and shown on PREVIEW_ORIGIN (RELEASES_DIR/previews/current,
// a link swapped like the live release's). The gates run as for a publication, but a preview is
// shown even when they fail: its failures are recorded beside it (preview.json) and served at
// PREVIEW_STATUS_PATH, so that an editor sees what a publication would refuse.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { checkRelease } from './gates.ts';
import { checkOut, fetchBranch } from './git-source.ts';
import { lock } from './publish.ts';
import { BUILDING, pointCurrentAt } from './releases.ts';
import { buildSiteFolder } from './site-build.ts';

const run = promisify(execFile);

/** The preview address's page that says what the preview shown was built from, and its problems. */
export const PREVIEW_STATUS_PATH = '/_preview';

/** What RELEASES_DIR/previews/{name}/preview.json records. */
export interface PreviewInfo {
  branch: string;
  name: string;
  commit: string | undefined;
  builtAt: string;
  /** True when the site was built (and is shown); false when the build refused the content. */
  built: boolean;
  /** What the gates (or the build) refused: a publication of this commit would not go live. */
  problems: string[];
}

/**
 * The folder name of a branch's preview: its letters and digits (lowercase, at most 40, runs of
 * anything else one hyphen), then 8 characters of its SHA-256, so that two branches never share
 * a folder and no name is `current`, `..` or a hidden file.
 */
export function previewName(branch: string): string {
  const readable = branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const hash = createHash('sha256').update(branch).digest('hex').slice(0, 8);
  return `${readable || 'branch'}-${hash}`;
}

/** The folder of all previews. */
export const previewsDir = (releasesDir: string): string => join(releasesDir, 'previews');

export interface PreviewOptions {
  releasesDir: string;
  repository: string;
  branch: string;
  /** PREVIEW_ORIGIN: the address the preview's links are written with. */
  previewOrigin: string;
  now: () => Date;
  workers?: number;
}

/**
 * A new preview's folder starts as a copy of the publisher's last build and its cache (they
 * match each other), so that its first build writes only what the branch changed.
 */
async function seed(releasesDir: string, folder: string): Promise<void> {
  if (existsSync(join(folder, 'site'))) return;
  await mkdir(folder, { recursive: true });
  const from: [string, string][] = [
    [join(releasesDir, BUILDING), 'site'],
    [join(releasesDir, 'cache'), 'cache'],
    [join(releasesDir, 'routes.json'), 'routes.json'],
  ];
  if (!from.slice(0, 2).every(([source]) => existsSync(source))) return;
  for (const [source, target] of from)
    if (existsSync(source)) await run('cp', ['-a', '--reflink=auto', source, join(folder, target)]);
}

/** Builds the branch's preview and shows it; never throws for the content or the gates. */
export async function buildPreview(options: PreviewOptions): Promise<PreviewInfo> {
  const unlock = await lock(options.releasesDir);
  try {
    return await buildLocked(options);
  } finally {
    await unlock();
  }
}

async function buildLocked(options: PreviewOptions): Promise<PreviewInfo> {
  const { releasesDir, branch } = options;
  const name = previewName(branch);
  const folder = join(previewsDir(releasesDir), name);
  const info: PreviewInfo = {
    branch,
    name,
    commit: undefined,
    builtAt: options.now().toISOString(),
    built: false,
    problems: [],
  };
  const record = async (): Promise<PreviewInfo> => {
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'preview.json'), `${JSON.stringify(info, null, 2)}\n`);
    return info;
  };
  let checkout;
  try {
    info.commit = await fetchBranch(releasesDir, options.repository, branch);
    await seed(releasesDir, folder);
    checkout = await checkOut(releasesDir, info.commit, join(folder, 'checkout'));
  } catch (error) {
    info.problems = [error instanceof Error ? error.message : String(error)];
    return record();
  }
  let built;
  try {
    built = await buildSiteFolder({
      contentDir: join(checkout, 'content'),
      outDir: join(folder, 'site'),
      siteUrl: options.previewOrigin,
      now: options.now(),
      ...(options.workers ? { workers: options.workers } : {}),
    });
  } catch (error) {
    info.problems = [
      `the build refused the content: ${error instanceof Error ? error.message : String(error)}`,
    ];
    return record();
  }
  const gates = await checkRelease({
    siteDir: join(folder, 'site'),
    pages: built.pageHashes,
    cacheFile: join(folder, 'cache', 'gates.v8'),
  });
  info.built = true;
  info.problems = gates.problems;
  await record();
  await pointCurrentAt(previewsDir(releasesDir), join(name, 'site'));
  return info;
}

/** The information of the preview shown (RELEASES_DIR/previews/current), if any. */
export async function shownPreview(releasesDir: string): Promise<PreviewInfo | undefined> {
  try {
    const site = await realpath(join(previewsDir(releasesDir), 'current'));
    return JSON.parse(await readFile(join(dirname(site), 'preview.json'), 'utf8')) as PreviewInfo;
  } catch {
    return undefined;
  }
}
