// The editor at /admin on the Node server: its own Content-Security-Policy and noindex, while the
// public pages keep theirs (docs/editing.md); nginx's copy is checked in nginx-site-conf.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import {
  ADMIN_IMPORT_MAP_HASH,
  ADMIN_SECURITY_HEADERS,
  SECURITY_HEADERS,
} from './security-headers.ts';

const PUBLIC_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

describe('the headers of /admin and of the public pages', () => {
  const dist = mkdtempSync(join(tmpdir(), 'guichet-admin-'));
  let app: Awaited<ReturnType<typeof createApp>>;

  beforeAll(async () => {
    mkdirSync(join(dist, 'admin'), { recursive: true });
    mkdirSync(join(dist, 'en/contacts'), { recursive: true });
    writeFileSync(join(dist, 'admin/index.html'), '<!doctype html><title>Editor</title>');
    writeFileSync(join(dist, 'admin/config.yml'), 'backend: {}\n');
    writeFileSync(join(dist, 'en/contacts/index.html'), '<!doctype html><title>Contacts</title>');
    app = await createApp({ distDir: dist, logLevel: 'warn' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves /admin with the editor’s policy, noindex and a popup-friendly opener policy', async () => {
    const response = await app.inject({ url: '/admin' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['content-security-policy']).toBe(
      ADMIN_SECURITY_HEADERS['content-security-policy'],
    );
    expect(response.headers['content-security-policy']).not.toBe(PUBLIC_CSP);
  });

  it('gives the configuration the same headers, as YAML', async () => {
    const response = await app.inject({ url: '/admin/config.yml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/yaml; charset=utf-8');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['content-security-policy']).toBe(
      ADMIN_SECURITY_HEADERS['content-security-policy'],
    );
  });

  it('redirects /admin/ to /admin, as every trailing slash', async () => {
    const response = await app.inject({ url: '/admin/' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/admin');
  });

  it('answers a missing file under /admin with a plain 404', async () => {
    const response = await app.inject({ url: '/admin/nothing.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Not found');
  });

  it('keeps the public pages’ policy unchanged, without noindex', async () => {
    const response = await app.inject({ url: '/en/contacts' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(PUBLIC_CSP);
    expect(SECURITY_HEADERS['content-security-policy']).toBe(PUBLIC_CSP);
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-robots-tag']).toBeUndefined();
  });

  it('runs no script from another origin and never eval, even in the editor', () => {
    const policy = ADMIN_SECURITY_HEADERS['content-security-policy'] ?? '';
    // 'self', and one hash: the page's import map, which sends Sveltia's Immutable.js import
    // from unpkg to /admin's own copy (src/site-generator/admin.test.ts checks the hash).
    expect(policy).toContain(`script-src 'self' ${ADMIN_IMPORT_MAP_HASH};`);
    expect(ADMIN_IMPORT_MAP_HASH).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(policy).not.toMatch(/script-src[^;]*https?:/);
    expect(policy).toContain("frame-src 'self' blob:");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy.match(/'unsafe-inline'/g)).toEqual(["'unsafe-inline'"]);
    expect(policy).toContain("style-src 'self' 'unsafe-inline';");
  });

  // Closed networks (issue 46): fonts, interface strings and the version check come from /admin
  // (src/site-generator/admin-offline.ts). What stays outside is the git backend the editor signs
  // in to (GitHub, GitLab) and the avatars it shows; nothing from a CDN.
  it('names no CDN, only the git backends’ origins, in the editor’s policy', () => {
    const policy = ADMIN_SECURITY_HEADERS['content-security-policy'] ?? '';
    expect(policy).toContain("font-src 'self';");
    expect(policy).toContain(
      "connect-src 'self' data: https://api.github.com https://www.githubstatus.com https://gitlab.com https://status-api.hostedstatus.com;",
    );
    expect([...new Set(policy.match(/https:\/\/[^\s;]+/g))].sort()).toEqual([
      'https://*.githubusercontent.com',
      'https://api.github.com',
      'https://gitlab.com',
      'https://secure.gravatar.com',
      'https://status-api.hostedstatus.com',
      'https://www.githubstatus.com',
    ]);
    expect(policy).not.toMatch(/jsdelivr|unpkg/);
  });
});
