// Debian's nginx for a test: a folder with deploy/nginx's files, an nginx.conf whose http block
// includes the files the test writes there, started in the foreground (the test stops it).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './forms-app.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** `dir`/nginx with deploy/nginx's files and nginx's temporary folders; its path. */
export async function nginxFolder(dir: string): Promise<string> {
  const conf = join(dir, 'nginx');
  await mkdir(join(conf, 'temp'), { recursive: true });
  for (const file of await readdir(join(ROOT, 'deploy/nginx'))) {
    await copyFile(join(ROOT, 'deploy/nginx', file), join(conf, file));
  }
  return conf;
}

/** Writes `conf`/nginx.conf with one worker and these http-block lines, and starts nginx. */
export async function runNginx(
  conf: string,
  http: readonly string[],
  workerConnections: number,
): Promise<ChildProcess> {
  const temp = (name: string) => `${name}_temp_path ${join(conf, 'temp', name)};`;
  const lines = [...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp), ...http];
  await writeFile(
    join(conf, 'nginx.conf'),
    `worker_processes 1;
error_log ${join(conf, 'error.log')} crit;
pid ${join(conf, 'nginx.pid')};
events { worker_connections ${String(workerConnections)}; }
http {
  ${lines.join('\n  ')}
}
`,
  );
  return spawn(NGINX, ['-c', join(conf, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
}

/**
 * A throwaway self-signed certificate for 127.0.0.1 and localhost in `dir` (made once, with
 * openssl): fullchain.pem, privkey.pem and chain.pem, as certbot's live folder has them.
 */
export function throwawayCertificate(dir: string): string {
  const certificate = join(dir, 'fullchain.pem');
  if (existsSync(certificate)) return dir;
  mkdirSync(dir, { recursive: true });
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '7',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(dir, 'privkey.pem'),
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  copyFileSync(certificate, join(dir, 'chain.pem'));
  return dir;
}

export interface SiteConfOptions {
  port: number;
  dist: string;
  api: string;
  accessLog: string;
  /** The certificate's folder (throwawayCertificate): over TLS; without it, plain HTTP. */
  tlsDir?: string;
}

/** deploy/nginx/site.conf filled in for a test, listening on 127.0.0.1:`port`. */
export function siteConf(options: SiteConfOptions): string {
  let site = readFileSync(join(ROOT, 'deploy/nginx/site.conf'), 'utf8')
    .replace(/^ *listen \[::\]:443 ssl http2;\n/m, '')
    .replace(
      'listen 443 ssl http2;',
      `listen 127.0.0.1:${String(options.port)}${options.tlsDir ? ' ssl http2' : ''};`,
    )
    .replaceAll('GUICHET_DOMAIN', 'localhost')
    .replaceAll('GUICHET_DIST', options.dist)
    .replaceAll('GUICHET_API', options.api)
    .replaceAll('GUICHET_ACCESS_LOG', options.accessLog);
  if (options.tlsDir) site = site.replaceAll('GUICHET_TLS_DIR', options.tlsDir);
  else site = site.replace(/^ *(ssl_\w+ GUICHET_TLS_DIR\/\S+|include tls\.conf);\n/gm, '');
  return site;
}
