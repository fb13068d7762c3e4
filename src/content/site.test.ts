// The site's address: SITE_URL, else `domains`, else a local preview's; a deployment build
// without any stops with a message that names both settings.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from './site.ts';

const root = join(import.meta.dirname, '../..');
const shipped = readFileSync(join(root, 'content/site.yaml'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'guichet-site-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const siteFile = (name: string, yaml: string) => {
  const file = join(dir, name);
  writeFileSync(file, yaml);
  return file;
};
const withoutDomains = siteFile('site.yaml', shipped);
const withDomains = siteFile(
  'with-domains.yaml',
  `${shipped}\ndomains:\n  nl: https://nl.example.be\n  fr: https://fr.example.be\n  de: https://de.example.be\n  en: https://en.example.be\n`,
);

describe('loadSite', () => {
  it('ships without an address: no local address in the content', () => {
    expect(shipped).not.toMatch(/localhost/);
    expect(() => loadSite(join(root, 'content/site.yaml'))).toThrow(/SITE_URL/);
  });

  it('stops a build without SITE_URL or domains, naming both settings', () => {
    expect(() => loadSite(withoutDomains)).toThrow(
      `The site's address is not set: give SITE_URL (for example SITE_URL=https://victims.example.be npm run build) or \`domains\` in ${withoutDomains}.`,
    );
  });

  it('gives every language SITE_URL, without its trailing slash, over domains', () => {
    expect(loadSite(withDomains, { siteUrl: 'https://victims.example.be/' }).domains).toEqual({
      nl: 'https://victims.example.be',
      fr: 'https://victims.example.be',
      de: 'https://victims.example.be',
      en: 'https://victims.example.be',
    });
  });

  it('keeps the domains of site.yaml over a local preview', () => {
    const site = loadSite(withDomains, { localPreview: 'http://localhost:8080' });
    expect(site.domains.fr).toBe('https://fr.example.be');
  });

  it('uses the local preview address only when nothing else gives one', () => {
    const site = loadSite(withoutDomains, { localPreview: 'http://localhost:3000' });
    expect(site.domains.nl).toBe('http://localhost:3000');
  });

  it('refuses a SITE_URL that is not an http(s) URL', () => {
    expect(() => loadSite(withoutDomains, { siteUrl: 'localhost:8080' })).toThrow(
      'SITE_URL must be an http(s) URL',
    );
  });
});

describe('the desk’s answer period', () => {
  const withDays = (days: string) =>
    siteFile('days.yaml', shipped.replace(/^deskAnswerDays: 5$/m, `deskAnswerDays: ${days}`));
  const preview = { localPreview: 'http://localhost:8080' };

  it('ships as 5 days, the back office’s overdue filter', () => {
    expect(loadSite(withoutDomains, preview).deskAnswerDays).toBe(5);
    expect(loadSite(withDays('10'), preview).deskAnswerDays).toBe(10);
  });

  it.each(['0', '2.5', 'five', '61'])('refuses %s', (days) => {
    expect(() => loadSite(withDays(days), preview)).toThrow(/deskAnswerDays/);
  });
});

describe('social accounts', () => {
  const withSocial = (social: string) =>
    siteFile('social.yaml', shipped.replace(/^social: \{\}$/m, `social:\n${social}`));

  it('ships with none: no link to a network is shown', () => {
    expect(loadSite(withoutDomains, { localPreview: 'http://localhost:8080' }).social).toEqual({});
  });

  it('keeps the configured ones', () => {
    const file = withSocial('  linkedin: https://www.linkedin.com/company/example\n');
    expect(loadSite(file, { localPreview: 'http://localhost:8080' }).social).toEqual({
      linkedin: 'https://www.linkedin.com/company/example',
    });
  });

  // Regression: the networks' home pages were shown as "our page".
  it.each([
    ['a network home page', '  facebook: https://www.facebook.com/\n'],
    ['another host', '  twitter: https://example.org/victims\n'],
    ['an unknown network', '  tiktok: https://www.tiktok.com/@example\n'],
  ])('refuses %s', (_, social) => {
    expect(() => loadSite(withSocial(social), { localPreview: 'http://localhost:8080' })).toThrow(
      /social/,
    );
  });
});

describe('npm run build', () => {
  it('exits with the message when neither SITE_URL nor domains is set', () => {
    // A content folder with only site.yaml: the address is checked before anything is built.
    writeFileSync(join(dir, 'translation-exceptions.yaml'), '{}\n');
    const env = { ...process.env };
    delete env.SITE_URL;
    const result = spawnSync(
      process.execPath,
      [join(root, 'src/site-generator/build.ts'), '--content', dir],
      { env, encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("The site's address is not set: give SITE_URL");
    expect(result.stderr).toContain('For a local preview, run npm start.');
    // Starting the build loads Vite: slow on a busy machine.
  }, 60_000);
});
