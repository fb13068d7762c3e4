// The releases of the site under RELEASES_DIR: one folder per release (`{id}/site`, the built
// site, and `{id}/release.json`, what it was built from), and `current`, a symbolic link to the
// live one's site, replaced by a rename so that a reader never meets a half-switched site.
// The Node server and nginx serve `current` (docs/operations.md, "Publishing").
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** What a release was built from, kept beside its site (never served: it names an author). */
export interface ReleaseInfo {
  /** Sortable: the publication time (UTC, to the millisecond) and the commit's first 12 characters. */
  id: string;
  commit: string;
  branch: string;
  /** The commit's author and date, and its first line. */
  author: string;
  date: string;
  subject: string;
  /** When this release was built and made live (ISO). */
  publishedAt: string;
  /** The built site's pages (routes). */
  pages: number;
}

/** The link the servers serve. */
export const CURRENT = 'current';
/** Where the build writes the next release (its build cache, `cache`, is beside it). */
export const BUILDING = 'building';
const RELEASE_ID = /^\d{8}T\d{9}Z-[0-9a-f]{12}$/;

/** A release's id: its publication time and commit. */
export const releaseId = (commit: string, at: Date): string =>
  `${at.toISOString().replace(/[-:.]/g, '').slice(0, 18)}Z-${commit.slice(0, 12)}`;

/** The folder of a release's site. */
export const siteOf = (releasesDir: string, id: string): string => join(releasesDir, id, 'site');

/**
 * The folder the Node server serves: DIST_DIR when set, else the live release
 * (RELEASES_DIR/current) when there is one, else the build's dist/; relative to `root`.
 */
export const servedSite = (root: string, releasesDir: string, distDir?: string): string => {
  const current = resolve(root, releasesDir, CURRENT);
  return resolve(root, distDir ?? (existsSync(current) ? current : 'dist'));
};

/** Every release kept, newest first. */
export async function listReleases(releasesDir: string): Promise<ReleaseInfo[]> {
  if (!existsSync(releasesDir)) return [];
  const ids = (await readdir(releasesDir)).filter((name) => RELEASE_ID.test(name));
  const releases: ReleaseInfo[] = [];
  for (const id of ids.sort().reverse()) {
    try {
      releases.push(
        JSON.parse(await readFile(join(releasesDir, id, 'release.json'), 'utf8')) as ReleaseInfo,
      );
    } catch {
      // A release being written (its release.json comes last) or a damaged one: not listed.
    }
  }
  return releases;
}

/** The id of the live release, or undefined when `current` is missing or is not a release. */
export async function currentId(releasesDir: string): Promise<string | undefined> {
  try {
    const target = await readlink(join(releasesDir, CURRENT));
    const id = basename(dirname(target));
    return RELEASE_ID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes `target` (a folder, relative to releasesDir or absolute) the live site: a new link is
 * made beside `current`, then renamed over it, which POSIX makes atomic.
 */
export async function pointCurrentAt(releasesDir: string, target: string): Promise<void> {
  await mkdir(releasesDir, { recursive: true });
  const temporary = join(releasesDir, `.${CURRENT}-${randomBytes(6).toString('hex')}`);
  await symlink(target, temporary);
  try {
    await rename(temporary, join(releasesDir, CURRENT));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Makes the release `id` live. */
export const switchTo = (releasesDir: string, id: string): Promise<void> =>
  pointCurrentAt(releasesDir, join(id, 'site'));

/** Records a release's information (the last file written: listReleases skips it until then). */
export const writeReleaseInfo = (releasesDir: string, info: ReleaseInfo): Promise<void> =>
  writeFile(join(releasesDir, info.id, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);

/**
 * The release a rollback makes live: the one named (by id, or a commit or its start, at least 7
 * characters: the newest release of that commit), or else the newest one older than the live one.
 */
export function rollbackTarget(
  releases: ReleaseInfo[],
  live: string | undefined,
  wanted?: string,
): ReleaseInfo {
  if (wanted !== undefined) {
    if (wanted.length < 7) throw new Error(`"${wanted}": give at least 7 characters of a commit`);
    const named = releases.find(
      (release) => release.id === wanted || release.commit.startsWith(wanted.toLowerCase()),
    );
    if (!named)
      throw new Error(`no release kept has the commit ${wanted} (npm run release -- list)`);
    return named;
  }
  const index = releases.findIndex((release) => release.id === live);
  const previous = index === -1 ? undefined : releases[index + 1];
  if (!previous) throw new Error('no release older than the live one is kept');
  return previous;
}

/**
 * Deletes the oldest releases beyond `keep`, never the live one; returns the ids deleted. The
 * live release counts among those kept.
 */
export async function pruneReleases(releasesDir: string, keep: number): Promise<string[]> {
  const live = await currentId(releasesDir);
  const releases = await listReleases(releasesDir);
  const extra = releases.slice(keep).filter((release) => release.id !== live);
  for (const release of extra)
    await rm(join(releasesDir, release.id), { recursive: true, force: true });
  return extra.map((release) => release.id);
}
