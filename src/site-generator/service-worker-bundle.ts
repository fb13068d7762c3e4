// Writes dist/sw.js: Workbox injects the precache manifest (this build's assets, the key pages of
// every language and their data) into src/runtime/sw/service-worker.ts as bundled by Vite.
import { join } from 'node:path';
import { injectManifest } from 'workbox-build';
import type { PageItem } from '../content/items.ts';
import { LOCALE_IDS } from '../i18n/locales.ts';
import { offlinePath } from '../routes/url-rules.ts';

// Pages that open offline in every language even before a first visit (with the offline page).
const OFFLINE_KEY_PAGES = ['home', 'first-steps', 'contacts', 'central-desk'];

/**
 * The precached pages: the key pages, and every page with a form, so that the service worker
 * never keeps a copy of its own of a page a reader typed a message in (src/routes/never-kept.ts).
 */
export function keyPagesOf(pages: readonly PageItem[]): string[] {
  return [
    '/',
    ...LOCALE_IDS.map(offlinePath),
    ...pages
      .filter((page) => OFFLINE_KEY_PAGES.includes(page.translationKey) || page.form !== undefined)
      .map((page) => page.path),
  ];
}

/** Writes dist/sw.js from the bundled worker; `keyPages` are the paths that must open offline without a prior visit. */
export async function buildServiceWorker(
  serviceWorkerBundle: string,
  outDir: string,
  keyPages: string[],
): Promise<{ count: number; size: number }> {
  const htmlFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
  const pageDataFile = (path: string) =>
    `page-data/${path === '/' ? 'index' : path.slice(1)}/page-data.json`;
  const { count, size, warnings } = await injectManifest({
    swSrc: serviceWorkerBundle,
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
