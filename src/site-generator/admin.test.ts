// dist/admin as the build writes it: the page, the configuration the generator makes, and
// Sveltia's bundle copied from the package rather than loaded from a CDN.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IMPORT_MAP_HASH } from '../../server/security-headers.ts';
import { readPreviewSettings, type PreviewSettings } from '../admin-preview/preview-settings.ts';
import { bodyDigest } from '../admin-preview/text-updated.ts';
import { cmsConfigYaml } from '../cms/cms-config-cli.ts';
import { loadContent } from '../content/load-content.ts';
import { TEXT_ONLY_ADDRESS } from '../content/site.ts';
import {
  adminImportMap,
  IMMUTABLE_CHUNK,
  PLACEHOLDER_REPOSITORY,
  PREVIEW_FILE,
  publishedBodyDigests,
  SVELTIA_FILES,
  sveltiaPackageDir,
  writeAdmin,
  type AdminPreview,
} from './admin.ts';
import { offlineBundle } from './admin-offline.ts';

const CONTENT = join(import.meta.dirname, '../../content');
const SETTINGS: PreviewSettings = {
  styles: ['/assets/entry-client-abc.css', '/assets/News-def.css'],
  chrome: {
    nl: '/page-data/sq/d/1.json',
    fr: '/page-data/sq/d/2.json',
    de: '/page-data/sq/d/3.json',
    en: '/page-data/sq/d/4.json',
  },
};

const OWNERS = { '/en': 'pages/home', '/en/search': '' };
const DIGESTS = { 'pages/home': { en: '0123456789abcdef01234567' } };

/** A stand-in for the preview bundle Vite writes, in `dir`. */
function previewIn(dir: string): AdminPreview {
  const bundle = join(dir, 'preview-bundle.js');
  writeFileSync(bundle, '/* preview */');
  return { bundle, ...SETTINGS };
}

describe('writeAdmin', () => {
  const out = mkdtempSync(join(tmpdir(), 'guichet-admin-'));
  const read = (file: string) => readFileSync(join(out, 'admin', file), 'utf8');

  beforeAll(async () => {
    await writeAdmin(
      CONTENT,
      out,
      { CMS_REPOSITORY: 'example/site', CMS_BRANCH: 'live' },
      previewIn(out),
      OWNERS,
      DIGESTS,
    );
  });
  afterAll(() => {
    rmSync(out, { recursive: true, force: true });
  });

  it('writes a config.yml that parses and equals the generator’s output for that repository', () => {
    const written: unknown = parse(read('config.yml'));
    expect(written).toEqual(parse(cmsConfigYaml(CONTENT, 'example/site', 'live')));
    expect(written).toMatchObject({
      backend: { name: 'github', repo: 'example/site', branch: 'live' },
    });
  });

  it('writes a noindex page that loads only its own copy of the bundle', () => {
    const html = read('index.html');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<title>Editor</title>');
    expect(html).toContain('<script src="/admin/sveltia-cms.js"></script>');
    expect(html).toContain(
      '<link href="/admin/config.yml" type="application/yaml" rel="cms-config-url" />',
    );
    // The import map's key is the unpkg address Sveltia imports; nothing is loaded from it.
    expect(html.replace(adminImportMap(), '')).not.toMatch(/https?:\/\//);
  });

  it('loads the preview bundle after Sveltia’s, with the settings it reads back', () => {
    const html = read('index.html');
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual(['/admin/sveltia-cms.js', '/admin/preview.js']);
    const dataset = Object.fromEntries(
      [...html.matchAll(/data-(styles|chrome)="([^"]*)"/g)].map(([, name = '', value = '']) => [
        name,
        value.replaceAll('&quot;', '"'),
      ]),
    );
    expect(readPreviewSettings(dataset)).toEqual(SETTINGS);
    expect(read(PREVIEW_FILE)).toBe('/* preview */');
  });

  it('writes the owners of the site’s paths where the checks on saving read them', () => {
    expect(JSON.parse(read('site-paths.json'))).toEqual(OWNERS);
  });

  it('writes the digests of the published bodies where the preSave listener reads them', () => {
    expect(JSON.parse(read('body-digests.json'))).toEqual(DIGESTS);
  });

  // The checks on saving (src/admin-preview/save-checks.ts) refuse by throwing from preSave an
  // Error('saving_failed') whose cause's message Sveltia shows: its minified code says so today,
  // and this fails on an upgrade that changes it.
  it('finds that Sveltia shows the cause of a saving_failed error in its dialog', () => {
    const bundle = readFileSync(join(sveltiaPackageDir(), 'dist', SVELTIA_FILES[0]), 'utf8');
    expect(bundle).toMatch(
      /\.message===`saving_failed`\?\(\w+\(\w+,!0\),\w+\(\w+,(\w+)\.cause\?\.message\?\?\1\.message,!0\)\)/,
    );
    // preSave runs while the saving entry is made, before anything is written.
    expect(bundle).toMatch(/await \w+\(\{type:`preSave`,entry:/);
  });

  it('maps the unpkg address of Sveltia’s Immutable.js to its copy, under the hash of the policy', () => {
    const html = read('index.html');
    const map = /<script type="importmap">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(map)).toEqual({
      imports: {
        'https://unpkg.com/immutable@5.1.9/dist/immutable.es.js': '/admin/chunks/immutable.es.js',
      },
    });
    expect(`'sha256-${createHash('sha256').update(map).digest('base64')}'`).toBe(
      ADMIN_IMPORT_MAP_HASH,
    );
    // The address is the one Sveltia's bundle builds (its minified code: this fails on an upgrade
    // that changes it), and the copy is the installed package.
    const bundle = readFileSync(join(sveltiaPackageDir(), 'dist', SVELTIA_FILES[0]), 'utf8');
    expect(bundle).toContain('(`immutable`,`dist/immutable.es.js`)');
    expect(bundle).toContain('JW=e=>{let t=`https://unpkg.com/${e}`');
    expect(read(IMMUTABLE_CHUNK)).toContain('function fromJS(');
  });

  // Why preview.js brings its own React (ADR 0017): Sveltia exposes the React of its main bundle
  // (window.h, globalThis.__SVELTIA_CMS_REACT__), but its react-dom chunk renders with a copy of
  // its own, so a hook called through the exposed one finds no dispatcher.
  it('finds a React of its own in Sveltia’s react-dom chunk, which reads no shared React', () => {
    const chunk = readFileSync(join(sveltiaPackageDir(), 'dist', SVELTIA_FILES[1]), 'utf8');
    const licences = [...chunk.matchAll(/@license React\n\s*\* (\S+)/g)].map((match) => match[1]);
    expect(licences.sort()).toEqual([
      'react-dom-client.production.js',
      'react-dom.production.js',
      'react.production.js',
      'scheduler.production.js',
    ]);
    expect(chunk).not.toContain('__SVELTIA_CMS_REACT__');
    expect(chunk).toMatch(/export\{\w+ as createRoot\}/);
  });

  it('copies the React chunk byte for byte and the bundle with its CDN addresses rewritten', () => {
    const dist = join(sveltiaPackageDir(), 'dist');
    const [bundle, chunk] = SVELTIA_FILES;
    expect(readFileSync(join(out, 'admin', chunk)).equals(readFileSync(join(dist, chunk)))).toBe(
      true,
    );
    expect(read(bundle)).toBe(offlineBundle(readFileSync(join(dist, bundle), 'utf8')));
    const version = (
      JSON.parse(readFileSync(join(sveltiaPackageDir(), 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(version).toBe('0.221.1');
  });

  it('names a placeholder repository until CMS_REPOSITORY is set, so local editing still works', async () => {
    const other = mkdtempSync(join(tmpdir(), 'guichet-admin-'));
    try {
      await writeAdmin(CONTENT, other, { CMS_BRANCH: 'main' }, previewIn(other), OWNERS, {});
      const config = parse(readFileSync(join(other, 'admin/config.yml'), 'utf8')) as {
        backend: { repo: string };
      };
      expect(config.backend.repo).toBe(PLACEHOLDER_REPOSITORY);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('publishedBodyDigests', () => {
  it('holds the digest of each published body as written in its file', async () => {
    const digests = await publishedBodyDigests(loadContent(CONTENT, TEXT_ONLY_ADDRESS));
    const file = readFileSync(join(CONTENT, 'pages/contacts.fr.md'), 'utf8');
    const body = file.slice(file.indexOf('\n---\n') + 5);
    expect(digests['pages/contacts']?.fr).toBe(await bodyDigest(body));
    expect(digests['pages/contacts']?.fr).toMatch(/^[0-9a-f]{24}$/);
    expect(Object.keys(digests['pages/contacts'] ?? {}).sort()).toEqual(['de', 'en', 'fr', 'nl']);
  });
});
