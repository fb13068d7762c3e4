// Builds dist/sw.js: bundles src/runtime/sw/service-worker.ts, then lets Workbox inject the
// precache manifest (this build's assets, the key pages of every language and their data).
import { join } from 'node:path';
import { build as viteBuild } from 'vite';
import { injectManifest } from 'workbox-build';

/** Writes dist/sw.js; `keyPages` are the paths that must open offline without a prior visit. */
export async function buildServiceWorker(
  root: string,
  outDir: string,
  keyPages: string[],
): Promise<{ count: number; size: number }> {
  const bundleDir = join(root, '.cache/sw');
  await viteBuild({
    root,
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: bundleDir,
      emptyOutDir: true,
      copyPublicDir: false,
      lib: {
        entry: join(root, 'src/runtime/sw/service-worker.ts'),
        formats: ['iife'],
        name: 'guichetServiceWorker',
        fileName: () => 'sw.js',
      },
    },
  });
  const htmlFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
  const pageDataFile = (path: string) =>
    `page-data/${path === '/' ? 'index' : path.slice(1)}/page-data.json`;
  const { count, size, warnings } = await injectManifest({
    swSrc: join(bundleDir, 'sw.js'),
    swDest: join(outDir, 'sw.js'),
    globDirectory: outDir,
    globPatterns: [
      'assets/*.{js,css}',
      'favicon.svg',
      'page-data/sq/d/*.json',
      ...keyPages.flatMap((path) => [htmlFile(path), pageDataFile(path)]),
    ],
    // Pages are precached under the URL readers use (/nl/contacten), not their file name.
    manifestTransforms: [
      (entries) => ({
        manifest: entries.map((entry) => ({
          ...entry,
          url: entry.url.endsWith('index.html')
            ? `/${entry.url.replace(/\/?index\.html$/, '')}`
            : `/${entry.url}`,
        })),
        warnings: [],
      }),
    ],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  });
  if (warnings.length > 0) throw new Error(`service worker: ${warnings.join('; ')}`);
  return { count, size };
}
