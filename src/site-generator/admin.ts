// Writes the editors' CMS to dist/admin (docs/editing.md): a small page, Sveltia CMS's browser
// bundle copied from node_modules with what it would fetch from CDNs (admin-offline.ts),
// config.yml generated from the zod schemas, and the preview bundle that renders entries with
// the site's own components.
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeOfflineSveltia } from './admin-offline.ts';
import { previewScriptTag, type PreviewSettings } from '../admin-preview/preview-settings.ts';
import type { Environment } from '../config/environment.ts';
import { cmsConfigYaml } from '../cms/cms-config-cli.ts';
import { bodyDigest, BODY_DIGESTS_URL, type BodyDigests } from '../admin-preview/text-updated.ts';
import type { SiteContent } from '../content/load-content.ts';
import { markdownOf } from '../content/items.ts';
import { entryIdOf, SITE_PATHS_URL, type PathOwners } from '../routes/site-paths.ts';
import { ADMIN_PATH } from '../routes/url-rules.ts';

/** The files of @sveltia/cms's dist/ that the editor loads, kept under the same names. */
export const SVELTIA_FILES = [
  'sveltia-cms.js',
  // Loaded only by custom previews, next to the bundle (else Sveltia would fetch it from unpkg).
  'chunks/react-dom.js',
] as const;

/**
 * For custom previews Sveltia imports Immutable.js from unpkg (`https://unpkg.com/immutable@{the
 * version its package.json asks for}/dist/immutable.es.js`), a script that `script-src 'self'`
 * refuses: the page's import map points that address to the copy of the installed package (the
 * one npm resolved for Sveltia) in /admin/chunks.
 */
export const IMMUTABLE_CHUNK = 'chunks/immutable.es.js';

/** The unpkg address Sveltia imports Immutable.js from, built as its bundle builds it. */
export function sveltiaImmutableUrl(): string {
  const { dependencies } = JSON.parse(
    readFileSync(join(sveltiaPackageDir(), 'package.json'), 'utf8'),
  ) as { dependencies: Record<string, string> };
  const range = dependencies.immutable;
  if (!range) throw new Error('@sveltia/cms/package.json: no immutable dependency');
  return `https://unpkg.com/immutable@${range.replace(/^\D/, '')}/dist/immutable.es.js`;
}

/** The page's import map (its sha256 is in the admin policy's script-src). */
export function adminImportMap(): string {
  return JSON.stringify({
    imports: { [sveltiaImmutableUrl()]: `${ADMIN_PATH}/${IMMUTABLE_CHUNK}` },
  });
}

/** The installed Immutable.js that Sveltia's package depends on. */
function immutableFile(): string {
  const require = createRequire(join(sveltiaPackageDir(), 'package.json'));
  return join(dirname(require.resolve('immutable')), 'immutable.es.js');
}

/** The preview bundle's name in dist/admin. */
export const PREVIEW_FILE = 'preview.js';

// What the repository is called until CMS_REPOSITORY names it: local editing still works.
export const PLACEHOLDER_REPOSITORY = 'OWNER/REPOSITORY';

/** The folder of the installed @sveltia/cms package (its exports hide dist/ from resolution). */
export function sveltiaPackageDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.resolve('@sveltia/cms'))), '..');
}

/**
 * The editor's page: noindex, the configuration named explicitly (its address does not depend
 * on a trailing slash), the bundle as a classic script, whose own address Sveltia uses to find
 * its chunks, then the preview bundle, which registers itself with the CMS the bundle defined.
 */
export function adminPage(preview: PreviewSettings): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="robots" content="noindex" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Editor</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link href="${ADMIN_PATH}/config.yml" type="application/yaml" rel="cms-config-url" />
    <script type="importmap">${adminImportMap()}</script>
    <style>
      /* The checks on saving list one problem a line in Sveltia's error dialog (save-checks.ts). */
      [role='alertdialog'] .error {
        white-space: pre-line;
      }
    </style>
  </head>
  <body>
    <script src="${ADMIN_PATH}/${SVELTIA_FILES[0]}"></script>
    ${previewScriptTag(`${ADMIN_PATH}/${PREVIEW_FILE}`, preview)}
  </body>
</html>
`;
}

/** What the preview needs from the build: its bundle, and the settings its script tag carries. */
export interface AdminPreview extends PreviewSettings {
  /** The preview bundle as Vite wrote it (bundlePaths().adminPreview). */
  bundle: string;
}

/** The digest of each published item's body, for the editor's `updated` (text-updated.ts). */
export async function publishedBodyDigests(content: SiteContent): Promise<BodyDigests> {
  const digests: BodyDigests = {};
  for (const item of [...content.pages, ...content.news, ...content.attacks, ...content.events])
    (digests[entryIdOf(item.file)] ??= {})[item.lang] = await bodyDigest(markdownOf(item));
  return digests;
}

/**
 * Writes dist/admin: the page, the CMS configuration, Sveltia's files, the preview bundle, the
 * owners of the site's paths (for the checks on saving, src/admin-preview/save-checks.ts) and
 * the digests of the published bodies (for `updated`, src/admin-preview/text-updated.ts).
 */
export async function writeAdmin(
  contentDir: string,
  outDir: string,
  env: Pick<Environment, 'CMS_REPOSITORY' | 'CMS_BRANCH' | 'PREVIEW_ORIGIN'>,
  preview: AdminPreview,
  owners: PathOwners,
  digests: BodyDigests,
): Promise<void> {
  const dir = join(outDir, ADMIN_PATH.slice(1));
  await mkdir(join(dir, 'chunks'), { recursive: true });
  const repository = env.CMS_REPOSITORY ?? PLACEHOLDER_REPOSITORY;
  const { bundle, ...settings } = preview;
  await writeFile(join(dir, 'index.html'), adminPage(settings));
  await writeFile(
    join(dir, 'config.yml'),
    cmsConfigYaml(contentDir, repository, env.CMS_BRANCH, env.PREVIEW_ORIGIN),
  );
  const packageDir = sveltiaPackageDir();
  const [bundleFile, ...chunks] = SVELTIA_FILES;
  await writeOfflineSveltia(packageDir, resolve(packageDir, '../..'), bundleFile, dir);
  for (const file of chunks) await copyFile(join(packageDir, 'dist', file), join(dir, file));
  await copyFile(immutableFile(), join(dir, IMMUTABLE_CHUNK));
  await copyFile(bundle, join(dir, PREVIEW_FILE));
  await writeFile(join(outDir, SITE_PATHS_URL.slice(1)), JSON.stringify(owners));
  await writeFile(join(outDir, BODY_DIGESTS_URL.slice(1)), JSON.stringify(digests));
}
