// `npm start`: builds the site when dist/ is missing or older than its sources, then serves it.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildForLocalPreview } from './run-build.ts';

const root = resolve(import.meta.dirname, '..');
const SOURCES = ['content', 'src', 'public', 'vite.config.ts', 'package-lock.json'];

const newestMtime = (path: string): number => {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
};

const builtAt =
  statSync(join(root, 'dist/page-data/app-data.json'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
if (sourcesAt > builtAt) {
  console.log(
    builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…',
  );
  // A local preview: without SITE_URL, links use this machine's address (the build says so).
  buildForLocalPreview();
}
// What was just built, not the publisher's live release (RELEASES_DIR/current) that
// `npm run serve` prefers.
process.env.DIST_DIR ??= 'dist';
await import('./main.ts');
