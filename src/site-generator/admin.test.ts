// dist/admin as the build writes it: the page, the configuration the generator makes, and
// Sveltia's bundle copied from the package rather than loaded from a CDN.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsConfigYaml } from '../cms/cms-config-cli.ts';
import { PLACEHOLDER_REPOSITORY, SVELTIA_FILES, sveltiaPackageDir, writeAdmin } from './admin.ts';

const CONTENT = join(import.meta.dirname, '../../content');

describe('writeAdmin', () => {
  const out = mkdtempSync(join(tmpdir(), 'guichet-admin-'));
  const read = (file: string) => readFileSync(join(out, 'admin', file), 'utf8');

  beforeAll(async () => {
    await writeAdmin(CONTENT, out, { CMS_REPOSITORY: 'example/site', CMS_BRANCH: 'live' });
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
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('copies the bundle and its React chunk byte for byte from @sveltia/cms', () => {
    const dist = join(sveltiaPackageDir(), 'dist');
    for (const file of SVELTIA_FILES) {
      expect(
        readFileSync(join(out, 'admin', file)).equals(readFileSync(join(dist, file))),
        file,
      ).toBe(true);
    }
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
      await writeAdmin(CONTENT, other, { CMS_BRANCH: 'main' });
      const config = parse(readFileSync(join(other, 'admin/config.yml'), 'utf8')) as {
        backend: { repo: string };
      };
      expect(config.backend.repo).toBe(PLACEHOLDER_REPOSITORY);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
