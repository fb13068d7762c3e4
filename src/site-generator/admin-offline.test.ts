// The editor on a closed network: the copy of Sveltia's bundle in dist/admin asks /admin, not a
// CDN, for its fonts, interface strings and version check, and the files it asks for are there.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fontsOf,
  offlineBundle,
  OFFLINE_PATHS,
  SVELTIA_FONTS,
  writeOfflineSveltia,
} from './admin-offline.ts';
import { SVELTIA_FILES, sveltiaPackageDir } from './admin.ts';

const PACKAGE = sveltiaPackageDir();
const NODE_MODULES = resolve(PACKAGE, '../..');
const BUNDLE = SVELTIA_FILES[0];
const original = readFileSync(join(PACKAGE, 'dist', BUNDLE), 'utf8');

describe('writeOfflineSveltia', () => {
  const dir = mkdtempSync(join(tmpdir(), 'guichet-admin-offline-'));
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');

  beforeAll(async () => {
    await writeOfflineSveltia(PACKAGE, NODE_MODULES, BUNDLE, dir);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no jsDelivr address and only two unpkg ones it never fetches from', () => {
    const bundle = read(BUNDLE);
    expect(original).toContain('https://cdn.jsdelivr.net/fontsource/fonts/');
    expect(bundle).not.toContain('jsdelivr');
    // iP, the package's base: the fallback of a chunk that /admin lacks (react-dom is there) and
    // the schema address of its JSON hints; JW: Immutable.js (the import map sends it to
    // /admin/chunks) and Leaflet for the map widget, which the configuration does not use.
    expect(bundle.match(/https:\/\/unpkg\.com[^`]*/g)).toEqual([
      'https://unpkg.com/@sveltia/cms',
      'https://unpkg.com/${e}',
    ]);
    expect(bundle).toContain('JW=e=>{let t=`https://unpkg.com/${e}`');
  });

  it('points the three fonts at /admin/fonts, where it copies them from the packages', () => {
    const bundle = read(BUNDLE);
    const urls = [...bundle.matchAll(/src:url\((\/admin\/fonts\/[^)]+)\)/g)].map((m) => m[1]);
    expect(urls).toEqual([
      '/admin/fonts/source-sans-3-latin-wght-normal.woff2',
      '/admin/fonts/noto-mono-latin-400-normal.woff2',
      '/admin/fonts/material-symbols-outlined-latin-wght-normal.woff2',
    ]);
    expect(readdirSync(join(dir, 'fonts')).sort()).toEqual([
      'material-symbols-outlined-latin-wght-normal.woff2',
      'noto-mono-latin-400-normal.woff2',
      'source-sans-3-latin-wght-normal.woff2',
    ]);
    const icons = '@fontsource-variable/material-symbols-outlined/files';
    expect(
      readFileSync(join(dir, 'fonts/material-symbols-outlined-latin-wght-normal.woff2')),
    ).toEqual(
      readFileSync(join(NODE_MODULES, icons, 'material-symbols-outlined-latin-wght-normal.woff2')),
    );
  });

  it('fetches its interface strings from /admin/locales, which holds the package’s files', () => {
    const bundle = read(BUNDLE);
    expect(bundle).toMatch(/\w+=`\/admin\/locales`,/);
    expect(bundle).toMatch(/fetch\(`\$\{\w+\}\/\$\{\w+\}\.json`/);
    for (const lang of ['nl', 'fr', 'de'])
      expect(read(`locales/${lang}.json`)).toBe(
        readFileSync(join(PACKAGE, 'locales', `${lang}.json`), 'utf8'),
      );
    expect(readdirSync(join(dir, 'locales'))).toHaveLength(
      readdirSync(join(PACKAGE, 'locales')).length,
    );
  });

  it('answers its version check from /admin with the installed version', () => {
    expect(read(BUNDLE)).toMatch(/\w+=`\/admin\/sveltia-version\.json`,/);
    expect(JSON.parse(read('sveltia-version.json'))).toEqual({ version: '0.221.1' });
  });

  it('sends Shiki’s engine, languages and themes to /admin/shiki', () => {
    const bundle = read(BUNDLE);
    expect(bundle).toContain(`=\`${OFFLINE_PATHS.shiki}\`,`);
    expect(bundle).toContain(`=\`${OFFLINE_PATHS.shiki}/sveltia-ui\`,`);
  });
});

describe('offlineBundle and fontsOf', () => {
  it('refuse a bundle where an address they rewrite is missing, naming it', () => {
    const withoutLocales = original.replace(/`\$\{\w+\}@\$\{\w+\}\/locales`/, '`/elsewhere`');
    expect(() => offlineBundle(withoutLocales)).toThrow(
      /the address of its interface strings \(unpkg\.com\/@sveltia\/cms@VERSION\/locales\) matches .* 0 times, expected 1/,
    );
    expect(() => fontsOf('no fonts here', NODE_MODULES)).toThrow(
      `sveltia-cms.js asks for the fonts of no package, expected ${SVELTIA_FONTS.join(', ')}`,
    );
  });

  it('refuses a font package of another version than the bundle asks for', () => {
    const modules = mkdtempSync(join(tmpdir(), 'guichet-fonts-'));
    try {
      for (const pkg of SVELTIA_FONTS) {
        mkdirSync(join(modules, pkg), { recursive: true });
        writeFileSync(join(modules, pkg, 'package.json'), JSON.stringify({ version: '9.9.9' }));
      }
      expect(() => fontsOf(original, modules)).toThrow(
        'sveltia-cms.js asks for @fontsource-variable/source-sans-3 5.3.0, node_modules has 9.9.9',
      );
    } finally {
      rmSync(modules, { recursive: true, force: true });
    }
  });
});
