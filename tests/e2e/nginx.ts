// Starts Debian's nginx on loopback with deploy/nginx/site.conf in front of dist/ and the Node
// server, over TLS with a throwaway certificate made at start (tls.conf as deployed), for
// tests/e2e/servers.spec.ts and tests/security (a Playwright webServer). Stops with its parent.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { siteConf, throwawayCertificate } from '../../server/testing/nginx.ts';

const root = resolve(import.meta.dirname, '../..');
const dir = join(root, '.cache/nginx');
const port = process.env.NGINX_PORT ?? '4174';
const api = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
mkdirSync(join(dir, 'temp'), { recursive: true });

const site = siteConf({
  port: Number(port),
  dist: join(root, 'dist'),
  api,
  accessLog: join(dir, 'access.log'),
  tlsDir: throwawayCertificate(join(dir, 'tls')),
});
writeFileSync(join(dir, 'site.conf'), site);
// The files site.conf includes (the security headers).
for (const file of readdirSync(join(root, 'deploy/nginx'))) {
  if (file !== 'site.conf') copyFileSync(join(root, 'deploy/nginx', file), join(dir, file));
}
writeFileSync(
  join(dir, 'nginx.conf'),
  `worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include site.conf;
}
`,
);

const nginx = spawn(
  process.env.NGINX_PATH ?? '/usr/sbin/nginx',
  ['-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
  {
    stdio: 'inherit',
  },
);
nginx.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => nginx.kill('SIGQUIT'));
}
