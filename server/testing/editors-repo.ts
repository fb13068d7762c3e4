// A small editors' repository for the publisher's tests: a bare repository (what the git host
// holds) and a working copy that pushes to it, whose content/ is the site's pages without the
// news, events and attacks (about 120 pages: a build is seconds, not minutes). Under .cache/ in
// this checkout, because the build cache's bundles import this checkout's node_modules.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface EditorsRepo {
  /** The bare repository: the publisher's `--repository`. */
  bare: string;
  /** The working copy's content folder. */
  content: string;
  /** Commits every change of the working copy and pushes it to `branch`; returns the commit. */
  push: (message: string, branch?: string) => string;
  /** Rewrites a file of content/ (a path relative to it) with `edit` applied. */
  edit: (file: string, edit: (text: string) => string) => void;
  /** Writes a file of content/. */
  write: (file: string, text: string) => void;
}

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Editor One',
  GIT_AUTHOR_EMAIL: 'editor@example.be',
  GIT_COMMITTER_NAME: 'Editor One',
  GIT_COMMITTER_EMAIL: 'editor@example.be',
};

const ITEM_FOLDERS = new Set(['news', 'events', 'attacks']);

/** Makes the repositories in a new folder `.cache/{name}`; returns them and the folder. */
export function makeEditorsRepo(name: string): EditorsRepo & { dir: string } {
  const dir = join(root, '.cache', name);
  rmSync(dir, { recursive: true, force: true });
  const bare = join(dir, 'editors.git');
  const work = join(dir, 'work');
  mkdirSync(work, { recursive: true });
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, {
      cwd,
      env: { ...process.env, ...GIT_ENV },
      encoding: 'utf8',
    }).trim();
  git(dir, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
  git(work, 'init', '--quiet', '--initial-branch=main');
  const content = join(work, 'content');
  cpSync(join(root, 'content'), content, {
    recursive: true,
    filter: (source) =>
      !ITEM_FOLDERS.has(relative(join(root, 'content'), source).split(sep)[0] ?? ''),
  });
  const push = (message: string, branch = 'main') => {
    git(work, 'add', '--all');
    git(work, 'commit', '--quiet', '--allow-empty', '-m', message);
    git(work, 'push', '--quiet', '--force', bare, `HEAD:refs/heads/${branch}`);
    return git(work, 'rev-parse', 'HEAD');
  };
  return {
    dir,
    bare,
    content,
    push,
    edit: (file, edit) => {
      const path = join(content, file);
      writeFileSync(path, edit(readFileSync(path, 'utf8')));
    },
    write: (file, text) => {
      mkdirSync(join(content, file, '..'), { recursive: true });
      writeFileSync(join(content, file), text);
    },
  };
}
