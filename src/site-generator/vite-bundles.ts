// The client bundle (with its manifest) and the prerender bundle, built by Vite in a child
// process: the bundler's native memory goes back to the system before the prerender starts.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as viteBuild } from 'vite';

/** Runs both Vite builds in this process. */
async function buildBundles(root: string, outDir: string, ssrDir: string): Promise<void> {
  const configFile = join(root, 'vite.config.ts');
  await viteBuild({
    root,
    configFile,
    logLevel: 'warn',
    build: { outDir, manifest: true, emptyOutDir: true },
  });
  await viteBuild({
    root,
    configFile,
    logLevel: 'warn',
    build: {
      ssr: 'src/app/entry-server.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
}

/** Builds the client into `outDir` and the prerender entry into `ssrDir`, in a child process. */
export function bundleSite(root: string, outDir: string, ssrDir: string): Promise<void> {
  // No inherited flags: a test runner's or profiler's options are not meant for this child. The
  // bundles are production builds whatever NODE_ENV says (a test runner sets it to `test`).
  const child = fork(fileURLToPath(import.meta.url), [root, outDir, ssrDir], {
    execArgv: [],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${String(code)}`})`));
    });
  });
}

if (import.meta.main) {
  const [root, outDir, ssrDir] = process.argv.slice(2);
  if (!root || !outDir || !ssrDir) throw new Error('usage: vite-bundles.ts ROOT OUT_DIR SSR_DIR');
  try {
    await buildBundles(root, outDir, ssrDir);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
