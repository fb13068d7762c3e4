// The release an instance runs, for the metrics: package.json's version and the checkout's
// commit, read from .git without the git program (the service's sandbox has none).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const read = (path: string) => readFileSync(path, 'utf8').trim();

/** The version and the commit (its first 12 characters; "unknown" outside a git checkout). */
export function releaseOf(root: string): { version: string; commit: string } {
  const { version } = JSON.parse(read(join(root, 'package.json'))) as { version: string };
  let commit = 'unknown';
  try {
    const head = read(join(root, '.git/HEAD'));
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    commit = (ref ? read(join(root, '.git', ref)) : head).slice(0, 12);
  } catch {
    // A worktree (.git is a file), a packed ref, or no checkout: the version alone.
  }
  return { version, commit };
}
