// Writes the editors' CMS to dist/admin (docs/editing.md): a small page, Sveltia CMS's browser
// bundle copied from node_modules (no CDN), and config.yml generated from the zod schemas.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Environment } from '../config/environment.ts';
import { cmsConfigYaml } from '../cms/cms-config-cli.ts';
import { ADMIN_PATH } from '../routes/url-rules.ts';

/** The files of @sveltia/cms's dist/ that the editor loads, kept under the same names. */
export const SVELTIA_FILES = [
  'sveltia-cms.js',
  // Loaded only by custom previews, next to the bundle (else Sveltia would fetch it from unpkg).
  'chunks/react-dom.js',
] as const;

// What the repository is called until CMS_REPOSITORY names it: local editing still works.
export const PLACEHOLDER_REPOSITORY = 'OWNER/REPOSITORY';

/** The folder of the installed @sveltia/cms package (its exports hide dist/ from resolution). */
export function sveltiaPackageDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.resolve('@sveltia/cms'))), '..');
}

/**
 * The editor's page: noindex, the configuration named explicitly (its address does not depend
 * on a trailing slash) and the bundle as a classic script, whose own address Sveltia uses to
 * find its chunks.
 */
export function adminPage(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="robots" content="noindex" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Editor</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link href="${ADMIN_PATH}/config.yml" type="application/yaml" rel="cms-config-url" />
  </head>
  <body>
    <script src="${ADMIN_PATH}/${SVELTIA_FILES[0]}"></script>
  </body>
</html>
`;
}

/** Writes dist/admin: the page, the CMS configuration and Sveltia's files. */
export async function writeAdmin(
  contentDir: string,
  outDir: string,
  env: Pick<Environment, 'CMS_REPOSITORY' | 'CMS_BRANCH'>,
): Promise<void> {
  const dir = join(outDir, ADMIN_PATH.slice(1));
  await mkdir(join(dir, 'chunks'), { recursive: true });
  const repository = env.CMS_REPOSITORY ?? PLACEHOLDER_REPOSITORY;
  await writeFile(join(dir, 'index.html'), adminPage());
  await writeFile(join(dir, 'config.yml'), cmsConfigYaml(contentDir, repository, env.CMS_BRANCH));
  const source = join(sveltiaPackageDir(), 'dist');
  for (const file of SVELTIA_FILES) await copyFile(join(source, file), join(dir, file));
}
