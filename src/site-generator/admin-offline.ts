// Makes the editor work on a closed network (issue 46, docs/editing.md "Closed networks"):
// Sveltia's bundle asks CDNs for its typefaces and icon font (Fontsource on cdn.jsdelivr.net),
// its interface in nl, fr, de… and its version check (unpkg.com). The build rewrites those
// addresses in its copy of sveltia-cms.js to files under /admin that it copies from npm
// packages, and fails when an address it expects is not in the bundle, so that a Sveltia upgrade
// cannot bring a CDN back unnoticed (the editor's policy lists no CDN: its requests would fail).
import { readFileSync } from 'node:fs';
import { copyFile, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_PATH } from '../routes/url-rules.ts';

/** Where dist/admin keeps the editor's fonts, interface strings, version file and Shiki. */
export const OFFLINE_PATHS = {
  fonts: `${ADMIN_PATH}/fonts`,
  locales: `${ADMIN_PATH}/locales`,
  version: `${ADMIN_PATH}/sveltia-version.json`,
  shiki: `${ADMIN_PATH}/shiki`,
} as const;

/** The Fontsource files Sveltia 0.221.1 asks for, by package folder under node_modules. */
export const SVELTIA_FONTS = [
  '@fontsource-variable/source-sans-3',
  '@fontsource/noto-mono',
  '@fontsource-variable/material-symbols-outlined',
] as const;

const FONTSOURCE =
  /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(:vf)?@([\d.]+)\/([a-z0-9-]+\.woff2)/g;

/** One font file the bundle asks for: its package, the version it names, the file's name. */
export interface FontFile {
  pkg: string;
  version: string;
  file: string;
}

/** A path of OFFLINE_PATHS as a file under `dir` (dist/admin). */
const inAdmin = (dir: string, path: string): string => join(dir, path.slice(ADMIN_PATH.length + 1));

/** A rewrite of one address of the bundle that must match exactly `count` times. */
interface Rewrite {
  what: string;
  pattern: RegExp;
  replacement: string;
  count: number;
}

// Minified names change from one Sveltia release to the next; the shapes of these template
// literals are what the tests of admin-offline.test.ts pin.
const REWRITES: Rewrite[] = [
  {
    // USe=`${iP}@${rP}/locales`, fetched as `${USe}/${lang}.json`.
    what: 'its interface strings (unpkg.com/@sveltia/cms@VERSION/locales)',
    pattern: /`\$\{\w+\}@\$\{\w+\}\/locales`/g,
    replacement: `\`${OFFLINE_PATHS.locales}\``,
    count: 1,
  },
  {
    // NSe=`${iP}/package.json`: the version check, answered with the installed version.
    what: 'its version check (unpkg.com/@sveltia/cms/package.json)',
    pattern: /`\$\{\w+\}\/package\.json`/g,
    replacement: `\`${OFFLINE_PATHS.version}\``,
    count: 1,
  },
  {
    // gk: Shiki's languages and themes (`${gk}/langs@4.4.3/dist/${lang}.mjs`).
    what: 'Shiki’s languages and themes (unpkg.com/@shikijs)',
    pattern: /`https:\/\/unpkg\.com\/@shikijs`/g,
    replacement: `\`${OFFLINE_PATHS.shiki}\``,
    count: 1,
  },
  {
    // _k: Shiki's engine (`${_k}@0.77.0/dist/shiki-engine.js`), not on npm with that version.
    what: 'Shiki’s engine (unpkg.com/@sveltia/ui)',
    pattern: /`https:\/\/unpkg\.com\/@sveltia\/ui`/g,
    replacement: `\`${OFFLINE_PATHS.shiki}/sveltia-ui\``,
    count: 1,
  },
];

/** The Fontsource files the bundle names, checked against the installed packages. */
export function fontsOf(bundle: string, nodeModules: string): FontFile[] {
  const fonts = [...bundle.matchAll(FONTSOURCE)].map(([, name = '', vf, version = '', file]) => {
    const pkg = `${vf ? '@fontsource-variable' : '@fontsource'}/${name}`;
    return { pkg, version, file: `${name}-${String(file)}` };
  });
  const asked = fonts.map((font) => font.pkg).sort();
  if (JSON.stringify(asked) !== JSON.stringify([...SVELTIA_FONTS].sort()))
    throw new Error(
      `sveltia-cms.js asks for the fonts of ${asked.join(', ') || 'no package'}, expected ${SVELTIA_FONTS.join(', ')}: update SVELTIA_FONTS and the dependencies`,
    );
  for (const { pkg, version } of fonts) {
    const installed = (
      JSON.parse(readFileSync(join(nodeModules, pkg, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    if (installed !== version)
      throw new Error(`sveltia-cms.js asks for ${pkg} ${version}, node_modules has ${installed}`);
  }
  return fonts;
}

/** The bundle with every CDN address above pointed at /admin; throws on a missing one. */
export function offlineBundle(bundle: string): string {
  let out = bundle.replace(FONTSOURCE, (_url, name: string, _vf, _version, file: string) =>
    [OFFLINE_PATHS.fonts, `${name}-${file}`].join('/'),
  );
  for (const { what, pattern, replacement, count } of REWRITES) {
    const found = out.match(pattern)?.length ?? 0;
    if (found !== count)
      throw new Error(
        `sveltia-cms.js: the address of ${what} matches ${pattern.source} ${String(found)} times, expected ${String(count)}; check the bundle after a Sveltia upgrade (src/site-generator/admin-offline.ts)`,
      );
    out = out.replace(pattern, replacement);
  }
  return out;
}

/**
 * Writes Sveltia's bundle rewritten to `dir` (dist/admin) with what it then asks for: the font
 * files, every interface language of the package, and a version file that says it is current.
 */
export async function writeOfflineSveltia(
  packageDir: string,
  nodeModules: string,
  bundleFile: string,
  dir: string,
): Promise<void> {
  const bundle = await readFile(join(packageDir, 'dist', bundleFile), 'utf8');
  const fonts = fontsOf(bundle, nodeModules);
  await writeFile(join(dir, bundleFile), offlineBundle(bundle));
  const fontDir = inAdmin(dir, OFFLINE_PATHS.fonts);
  await mkdir(fontDir, { recursive: true });
  for (const { pkg, file } of fonts)
    await copyFile(join(nodeModules, pkg, 'files', file), join(fontDir, file));
  await cp(join(packageDir, 'locales'), inAdmin(dir, OFFLINE_PATHS.locales), { recursive: true });
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  await writeFile(inAdmin(dir, OFFLINE_PATHS.version), JSON.stringify({ version }));
}
