// deploy/nginx over TLS (issue #47), in Debian's nginx with a throwaway certificate: port 80
// answers certbot's challenges and sends everything else to https on the site's own name; the
// site speaks TLS 1.2 and 1.3 only, forward-secret AEAD ciphers only, HTTP/2, and sends HSTS.
// The site's own rules over TLS are tests/e2e/servers.spec.ts and tests/security.
import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, type ConnectionOptions } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './testing/forms-app.ts';
import { freePort } from './testing/free-port.ts';
import { nginxFolder, runNginx, siteConf, throwawayCertificate } from './testing/nginx.ts';

let dir = '';
let nginx: ChildProcess | undefined;
let httpPort = 0;
let tlsPort = 0;
let ca = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guichet-tls-'));
  // nginx's workers run as nobody when the tests run as root: they must read the files.
  await chmod(dir, 0o755);
  const conf = await nginxFolder(dir);
  const dist = join(dir, 'dist');
  await mkdir(join(dist, 'en'), { recursive: true });
  await writeFile(join(dist, 'en/index.html'), '<!doctype html><title>en</title>');
  const webroot = join(dir, 'letsencrypt');
  await mkdir(join(webroot, '.well-known/acme-challenge'), { recursive: true });
  await writeFile(join(webroot, '.well-known/acme-challenge/token-1'), 'token-1.key');
  const tls = throwawayCertificate(join(dir, 'tls'));
  ca = await readFile(join(tls, 'fullchain.pem'), 'utf8');
  [httpPort, tlsPort] = [await freePort(), await freePort()];
  const site = siteConf({
    port: tlsPort,
    dist,
    api: 'http://127.0.0.1:9',
    accessLog: join(conf, 'access.log'),
    tlsDir: tls,
  });
  const redirect = (await readFile(join(ROOT, 'deploy/nginx/http-redirect.conf'), 'utf8'))
    .replace(/^ *listen \[::\]:80;\n/m, '')
    .replace('listen 80;', `listen 127.0.0.1:${String(httpPort)};`)
    .replaceAll('GUICHET_DOMAIN', 'www.guichet.test')
    .replaceAll('/var/www/letsencrypt', webroot);
  await writeFile(join(conf, 'site.conf'), site);
  await writeFile(join(conf, 'http-redirect.conf'), redirect);
  nginx = await runNginx(
    conf,
    ['include /etc/nginx/mime.types;', 'include site.conf;', 'include http-redirect.conf;'],
    64,
  );
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${String(httpPort)}/`, { redirect: 'manual' }).catch(
      () => null,
    );
    if (up !== null) return;
    await sleep(50);
  }
  throw new Error('nginx did not start');
}, 30_000);

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await rm(dir, { recursive: true, force: true });
});

/** A TLS handshake with the site: the protocol, cipher and ALPN it agreed, or the error. */
function handshake(options: ConnectionOptions): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({
      host: '127.0.0.1',
      port: tlsPort,
      ca,
      servername: 'localhost',
      ...options,
    });
    socket.once('secureConnect', () => {
      resolve(
        `${socket.getProtocol() ?? ''} ${socket.getCipher().name} ${String(socket.alpnProtocol)}`,
      );
      socket.end();
    });
    socket.once('error', () => {
      resolve('refused');
    });
  });
}

describe('deploy/nginx over TLS', () => {
  it('redirects plain HTTP to https on its own name, whatever Host says, and serves ACME challenges', async () => {
    const base = `http://127.0.0.1:${String(httpPort)}`;
    for (const host of [`127.0.0.1:${String(httpPort)}`, 'evil.example']) {
      const answer = await new Promise<{ status: number; location: unknown }>((resolve, reject) => {
        get(
          {
            host: '127.0.0.1',
            port: httpPort,
            path: '/en/first-steps?from=mail',
            headers: { host },
          },
          (response) => {
            response.resume();
            resolve({ status: response.statusCode ?? 0, location: response.headers.location });
          },
        ).on('error', reject);
      });
      expect(answer, host).toEqual({
        status: 301,
        location: 'https://www.guichet.test/en/first-steps?from=mail',
      });
    }
    const challenge = await fetch(`${base}/.well-known/acme-challenge/token-1`);
    expect([challenge.status, await challenge.text()]).toEqual([200, 'token-1.key']);
    expect((await fetch(`${base}/.well-known/acme-challenge/other`)).status).toBe(404);
  });

  it('answers over https with HSTS on every answer', async () => {
    for (const [path, status] of [
      ['/en', 200],
      ['/en/', 301],
    ] as const) {
      const answer = await new Promise<{ status: number; hsts: unknown }>((resolve, reject) => {
        request(
          { host: '127.0.0.1', port: tlsPort, path, ca, servername: 'localhost' },
          (response) => {
            response.resume();
            resolve({
              status: response.statusCode ?? 0,
              hsts: response.headers['strict-transport-security'],
            });
          },
        )
          .on('error', reject)
          .end();
      });
      expect(answer).toEqual({ status, hsts: 'max-age=31536000; includeSubDomains' });
    }
  });

  it('speaks TLS 1.2 and 1.3 with forward-secret AEAD ciphers and HTTP/2, nothing older', async () => {
    expect(await handshake({ ALPNProtocols: ['h2', 'http/1.1'] })).toMatch(
      /^TLSv1\.3 TLS_(AES_128_GCM_SHA256|AES_256_GCM_SHA384|CHACHA20_POLY1305_SHA256) h2$/,
    );
    expect(await handshake({ maxVersion: 'TLSv1.2', ALPNProtocols: ['http/1.1'] })).toMatch(
      /^TLSv1\.2 ECDHE-ECDSA-(AES128-GCM-SHA256|AES256-GCM-SHA384|CHACHA20-POLY1305) http\/1\.1$/,
    );
    // An old client: TLS 1.1, or TLS 1.2 with a CBC cipher only.
    const old = {
      ciphers: 'DEFAULT@SECLEVEL=0',
      minVersion: 'TLSv1',
      maxVersion: 'TLSv1.1',
    } as const;
    expect(await handshake(old)).toBe('refused');
    expect(await handshake({ maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES128-SHA' })).toBe(
      'refused',
    );
  });

  it('has OCSP stapling on', async () => {
    const tls = await readFile(join(ROOT, 'deploy/nginx/tls.conf'), 'utf8');
    expect(tls).toMatch(/^ssl_stapling on;$/m);
    expect(tls).toMatch(/^ssl_stapling_verify on;$/m);
    expect(tls).toMatch(/^ssl_protocols TLSv1\.2 TLSv1\.3;$/m);
  });
});
