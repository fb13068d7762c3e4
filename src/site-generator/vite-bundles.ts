// The client bundle (with its manifest), the prerender bundle, the service worker's script and the
// editor's preview bundle, built by Vite in a child process: the bundler's native memory goes back
// to the system before the prerender starts. A rebuild whose code did not change reuses them.
import { fork } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as viteBuild, type InlineConfig } from 'vite';
import { precompress } from './precompress.ts';

/** Where each bundle is, under a bundle folder. */
export const bundlePaths = (bundleDir: string) => ({
  /** The client: copied as it is into the site (assets, public files, .vite/manifest.json). */
  client: join(bundleDir, 'client'),
  /** The prerender entry. */
  serverEntry: join(bundleDir, 'ssr/entry-server.js'),
  /** The service worker before Workbox adds its precache manifest. */
  serviceWorker: join(bundleDir, 'sw/sw.js'),
  /** The editor's preview bundle, copied into dist/admin (docs/editing.md, "The preview"). */
  adminPreview: join(bundleDir, 'admin-preview/preview.js'),
});
const keyFile = (bundleDir: string) => join(bundleDir, 'code-key');

/** The client build's Vite configuration (also used by bench/bundle-report.ts). */
export const clientBuild = (root: string, outDir: string): InlineConfig => ({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    outDir,
    manifest: true,
    emptyOutDir: true,
    rollupOptions: {
      // "Leave this site" is an entry of its own, loaded before the app: one small chunk with
      // what it imports; the app's entry imports its storage names from the same chunk.
      input: ['src/app/entry-client.tsx', 'src/runtime/leave-site-entry.ts'],
      output: {
        codeSplitting: {
          groups: [
            // React is a chunk of its own, with the bundler's helpers for CommonJS modules (React
            // is one): the same file on every page and across releases that do not upgrade it,
            // and the app's share of a page is what the other files weigh (issue 48).
            {
              name: 'react',
              test: /node_modules\/(react|react-dom|scheduler)\/|rolldown\/runtime/,
            },
            // What the content templates share, in one chunk rather than six of a few hundred
            // bytes each: every request costs its headers too, about 1 KB here (issue 48). Their
            // dependencies stay where they are (in the entry), so the entry loses nothing.
            {
              name: 'page-parts',
              test: /src\/(components\/(kept-on-device|search-meta|Sources|PageHeading|ArticleHeading|ItemList|page-feedback-late)\.tsx?|routes\/dated-items\.ts|.*brussels-time\.ts)$/,
              includeDependenciesRecursively: false,
            },
            // What the search page shares with them: one chunk more, not the whole of the above.
            {
              name: 'shared',
              test: /src\/(i18n\/format-date|components\/useHydrated)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'leave-site',
              test: /src\/runtime\/(leave-site|leave-site-entry|site-storage|sw\/messages)\.ts$/,
            },
          ],
        },
      },
    },
  },
});

/** Runs the four Vite builds in this process and compresses the client's files. */
async function buildBundles(root: string, bundleDir: string): Promise<void> {
  const configFile = join(root, 'vite.config.ts');
  await viteBuild(clientBuild(root, join(bundleDir, 'client')));
  await viteBuild({
    root,
    configFile,
    logLevel: 'warn',
    build: {
      ssr: 'src/app/entry-server.tsx',
      outDir: join(bundleDir, 'ssr'),
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  await viteBuild({
    root,
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: join(bundleDir, 'sw'),
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
  // The editor's preview, one classic script after sveltia-cms.js. It brings its own React: the
  // one Sveltia exposes is not the copy its react-dom chunk renders with (ADR 0017).
  const previewEntry = join(root, 'src/admin-preview/admin-preview.tsx');
  await viteBuild({
    root,
    configFile,
    logLevel: 'warn',
    // A library build leaves process.env to its user; this script's user is a browser.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: join(bundleDir, 'admin-preview'),
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      rollupOptions: { input: previewEntry },
      lib: {
        entry: previewEntry,
        formats: ['iife'],
        name: 'guichetAdminPreview',
        fileName: () => 'preview.js',
      },
    },
  });
  await precompress(join(bundleDir, 'client'));
}

/**
 * Builds the bundles into `bundleDir` in a child process, unless `reuse` allows keeping the ones
 * there and they were built from the same code (`codeKey`). Resolves to true when it kept them.
 * The child starts before this returns (nothing is awaited before it), so the build reads its
 * content, which blocks its thread, while Vite bundles on the other core.
 */
export async function bundleSite(
  root: string,
  bundleDir: string,
  codeKey: string,
  reuse: boolean,
): Promise<boolean> {
  const built = existsSync(keyFile(bundleDir))
    ? readFileSync(keyFile(bundleDir), 'utf8')
    : undefined;
  if (reuse && built === codeKey) return true;
  rmSync(keyFile(bundleDir), { force: true });
  // No inherited flags: a test runner's or profiler's options are not meant for this child. The
  // bundles are production builds whatever NODE_ENV says (a test runner sets it to `test`).
  const child = fork(fileURLToPath(import.meta.url), [root, bundleDir], {
    execArgv: [],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${String(code)}`})`));
    });
  });
  await writeFile(keyFile(bundleDir), codeKey);
  return false;
}

if (import.meta.main) {
  const [root, bundleDir] = process.argv.slice(2);
  if (!root || !bundleDir) throw new Error('usage: vite-bundles.ts ROOT BUNDLE_DIR');
  try {
    await buildBundles(root, bundleDir);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
