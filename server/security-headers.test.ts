// The security headers' statistics origin: an http:// MATOMO_URL is refused at start-up (issue
// #14, item 10), except on this machine.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSENT_CHECK_HASH, contentSecurityPolicy, securityHeaders } from './security-headers.ts';

const ROOT = join(import.meta.dirname, '..');

describe('the statistics endpoint in the Content-Security-Policy', () => {
  it('takes an https origin into script-src, img-src and connect-src only', () => {
    const policy = contentSecurityPolicy('https://stats.example.be/matomo/');
    expect(policy).toContain(
      `script-src 'self' 'wasm-unsafe-eval' ${CONSENT_CHECK_HASH} https://stats.example.be;`,
    );
    expect(policy).toContain("img-src 'self' data: https://stats.example.be;");
    expect(policy).toContain("connect-src 'self' https://stats.example.be;");
    expect(policy.match(/stats\.example\.be/g)).toHaveLength(3);
  });

  it('allows the inline consent check by its hash, with statistics only', () => {
    expect(CONSENT_CHECK_HASH).toBe("'sha256-fAnOP+XOa4yf87a7SI1W+e3QB6qjf39bTzo+r5k4Sdo='");
    expect(contentSecurityPolicy()).not.toContain('sha256');
    // deploy/nginx documents the line to use with statistics: the same hash.
    const nginx = readFileSync(join(ROOT, 'deploy/nginx/security-headers.conf'), 'utf8');
    expect(nginx).toContain(`'wasm-unsafe-eval' ${CONSENT_CHECK_HASH} https://stats.example.be;`);
  });

  it('allows http:// only for a statistics server on this machine', () => {
    expect(contentSecurityPolicy('http://localhost:8000/')).toContain('http://localhost:8000');
    expect(contentSecurityPolicy('http://127.0.0.1/')).toContain('http://127.0.0.1');
    expect(contentSecurityPolicy('http://[::1]:8000/')).toContain('http://[::1]:8000');
    for (const url of ['http://stats.example.be/', 'http://localhost.evil.example/', 'ftp://x/']) {
      expect(() => securityHeaders(url)).toThrow(
        `MATOMO_URL must start with https:// (http:// only for localhost), not "${url}"`,
      );
    }
    expect(() => securityHeaders('stats.example.be')).toThrow(
      'MATOMO_URL must be an address such as https://stats.example.be/, not "stats.example.be"',
    );
  });

  it('stops `npm run serve` with that message, before it listens', () => {
    const dist = mkdtempSync(join(tmpdir(), 'guichet-dist-'));
    try {
      mkdirSync(join(dist, 'page-data'));
      writeFileSync(join(dist, 'page-data/app-data.json'), '{}');
      const result = spawnSync(process.execPath, [join(ROOT, 'server/main.ts')], {
        encoding: 'utf8',
        env: {
          ...process.env,
          DIST_DIR: dist,
          PORT: '0',
          STAFF_PORT: '0',
          MATOMO_URL: 'http://stats.example.be/',
          DATABASE_URL: 'sqlite::memory:',
          UPLOAD_DIR: join(dist, 'uploads'),
        },
        timeout: 20_000,
      });
      // 78 (EX_CONFIG): a setting to fix, which the systemd unit does not restart.
      expect(result.status).toBe(78);
      expect(result.stderr.trim()).toBe(
        'MATOMO_URL must start with https:// (http:// only for localhost), not "http://stats.example.be/": the site\'s pages would load the statistics script unencrypted',
      );
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
    // A start takes 3 s on an idle two-core machine, over 10 s on a busy one: the spawn's own
    // limit (20 s) decides, not the test's default 5 s.
  }, 30_000);
});
