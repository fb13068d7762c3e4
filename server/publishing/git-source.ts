// The content to publish, from git: a branch of the editors' repository (a URL or a local path)
// is fetched into a bare mirror under RELEASES_DIR/source, and its commit is checked out into
// one working folder that stays between publications, so that only the files that changed are
// written again (the build's item cache knows an item by its file's path and bytes).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a release says of its commit. */
export interface CommitInfo {
  commit: string;
  author: string;
  date: string;
  subject: string;
}

/** A branch name git accepts and that cannot be read as an option or leave refs/heads. */
export const BRANCH_NAME = /^(?!-)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/;

/** The folders of the source under RELEASES_DIR. */
export const sourcePaths = (releasesDir: string) => ({
  mirror: join(releasesDir, 'source', 'mirror.git'),
  checkout: join(releasesDir, 'source', 'checkout'),
  index: join(releasesDir, 'source', 'checkout.index'),
});

const git = async (args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> => {
  try {
    const { stdout } = await run('git', args, {
      env: { ...process.env, ...env, GIT_TERMINAL_PROMPT: '0' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(
      `git ${args.filter((arg) => !arg.startsWith('--git-dir')).join(' ')}: ${stderr || String(error)}`,
    );
  }
};

/** Fetches `branch` of `repository` into the mirror; returns the commit it points to. */
export async function fetchBranch(
  releasesDir: string,
  repository: string,
  branch: string,
): Promise<string> {
  if (!BRANCH_NAME.test(branch)) throw new Error(`not a branch name: "${branch}"`);
  const { mirror } = sourcePaths(releasesDir);
  if (!existsSync(mirror)) {
    await mkdir(mirror, { recursive: true });
    await git(['init', '--quiet', '--bare', mirror]);
  }
  // `--` ends the options: a repository named like an option is a path.
  await git([
    `--git-dir=${mirror}`,
    'fetch',
    '--quiet',
    '--force',
    '--no-tags',
    '--',
    repository,
    `+refs/heads/${branch}:refs/heads/${branch}`,
  ]);
  return git([`--git-dir=${mirror}`, 'rev-parse', '--verify', `refs/heads/${branch}^{commit}`]);
}

/** The author, date and first line of a fetched commit. */
export async function commitInfo(releasesDir: string, commit: string): Promise<CommitInfo> {
  const { mirror } = sourcePaths(releasesDir);
  const [author = '', date = '', subject = ''] = (
    await git([`--git-dir=${mirror}`, 'log', '-1', '--format=%an%x00%aI%x00%s', commit])
  ).split('\0');
  return { commit, author, date, subject };
}

/**
 * Checks `commit` out into the working folder (`read-tree --reset -u` with an index of its own:
 * files that did not change are not written, files the commit no longer has are deleted);
 * returns the folder.
 */
export async function checkOut(
  releasesDir: string,
  commit: string,
  into?: string,
): Promise<string> {
  const paths = sourcePaths(releasesDir);
  const checkout = into ?? paths.checkout;
  const index = into ? `${into}.index` : paths.index;
  await mkdir(checkout, { recursive: true });
  await git(
    [`--git-dir=${paths.mirror}`, `--work-tree=${checkout}`, 'read-tree', '--reset', '-u', commit],
    { GIT_INDEX_FILE: index },
  );
  return checkout;
}
