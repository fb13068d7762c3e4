// Debian's nginx for a test: a folder with deploy/nginx's files, an nginx.conf whose http block
// includes the files the test writes there, started in the foreground (the test stops it).
import { spawn, type ChildProcess } from 'node:child_process';
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
