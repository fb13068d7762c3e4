// Builds the site for a local preview as `npm run build -- --local` does, with the same Node
// settings (package.json): `npm start` and `npm run edit` build first when needed.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Runs the build and stops this process when it fails (the build has said why). */
export function buildForLocalPreview(): void {
  const build = spawnSync(
    process.execPath,
    ['--max-semi-space-size=8', join(root, 'src/site-generator/build.ts'), '--local'],
    // Two malloc arenas for the build's threads, not eight a core: see build.ts.
    { stdio: 'inherit', env: { MALLOC_ARENA_MAX: '2', ...process.env } },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
