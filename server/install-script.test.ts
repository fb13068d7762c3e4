// deploy/install.sh (issue #47): ShellCheck finds nothing; run into a throwaway root with
// --dry-run it writes the settings, the master key (root only), the nginx site filled in with the
// domain and the units, lists the system commands in order, and a second run changes nothing.
// What it wrote then serves: the server on its settings and key, behind Debian's nginx with the
// written site over TLS, and the first administrator's invitation works with them.
// Not covered here (they need a real Debian 12 as root): apt-get, npm's download of Node,
// systemd-sysusers, systemctl, certbot's certificate, runuser.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMasterKey } from './storage/encryption.ts';
import { ROOT } from './testing/forms-app.ts';
import { freePort } from './testing/free-port.ts';
import { runNginx } from './testing/nginx.ts';

const SCRIPT = join(ROOT, 'deploy/install.sh');
const RECIPIENT = 'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p';
const dir = mkdtempSync(join(tmpdir(), 'guichet-install-'));
const root = join(dir, 'root');
chmodSync(dir, 0o755);
mkdirSync(join(root, 'etc'), { recursive: true });
writeFileSync(join(root, 'etc/debian_version'), '12.11\n');
writeFileSync(join(root, 'etc/resolv.conf'), 'nameserver 192.0.2.53\n');

const install = () =>
  spawnSync(
    'bash',
    [
      SCRIPT,
      '--root',
      root,
      '--dry-run',
      '--domain',
      'www.guichet.test',
      '--admin-email',
      'admin@guichet.test',
      '--backup-recipient',
      RECIPIENT,
    ],
    { encoding: 'utf8' },
  );
/** Every file under the root with its mode and a hash of its content. */
const tree = () =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
      return `${file.slice(root.length)} ${(statSync(file).mode & 0o777).toString(8)} ${hash}`;
    })
    .sort();

let first: ReturnType<typeof install>;
beforeAll(() => {
  first = install();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('deploy/install.sh', () => {
  it('passes ShellCheck', () => {
    const result = spawnSync('shellcheck', [SCRIPT], { encoding: 'utf8' });
    expect({ status: result.status, output: result.stdout + result.stderr }).toEqual({
      status: 0,
      output: '',
    });
  });

  it('writes the settings, a master key only root reads, and runs the system steps in order', () => {
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const key = join(root, 'etc/guichet/master.key');
    expect(statSync(key).mode & 0o777).toBe(0o400);
    expect(parseMasterKey(readFileSync(key, 'utf8')).key).toHaveLength(32);
    const env = readFileSync(join(root, 'etc/guichet/guichet.env'), 'utf8');
    expect(env).toContain('\nSITE_URL=https://www.guichet.test\n');
    expect(env).toContain(`\nBACKUP_RECIPIENT=${RECIPIENT}\n`);
    expect(env).toMatch(/\nFORM_SECRET=[0-9a-f]{64}\n/);
    expect(env).toContain(`\nRELEASES_DIR=${ROOT}/releases\n`);
    expect(env).not.toContain(readFileSync(key, 'utf8').trim());
    const steps = first.stdout
      .split('\n')
      .filter((line) => line.startsWith('would run:'))
      .map((line) => line.slice('would run: '.length).split(' ')[0]);
    // Node is fetched only when /usr/local/bin/node is missing or too old.
    if (steps[1] === 'npm') expect(steps.splice(1, 3)).toEqual(['npm', 'ln', 'ln']);
    expect(steps).toEqual([
      'apt-get',
      'systemd-sysusers',
      'install',
      'install',
      'ln',
      'install',
      'chgrp',
      'sh',
      'nginx',
      'systemctl',
      'certbot',
      'ln',
      'ln',
      'ln',
      'systemctl',
      'systemctl',
      'systemctl',
      'systemctl',
      'sh',
      'sh',
    ]);
    expect(first.stdout).toContain(
      'would run: systemctl enable --now guichet.service guichet-backup.timer guichet-publisher.service',
    );
    expect(first.stdout).toContain(
      'would run: certbot certonly --webroot -w /var/www/letsencrypt -d www.guichet.test',
    );
  });

  it('fills the nginx site and the units from the templates', () => {
    const site = readFileSync(join(root, 'etc/nginx/sites-enabled/guichet.conf'), 'utf8');
    expect(site).not.toMatch(/GUICHET_/);
    expect(site).toContain('server_name www.guichet.test;');
    expect(site).toContain('return 301 https://www.guichet.test$request_uri;');
    expect(site).toContain('include guichet/tls.conf;');
    expect(site).toContain(`root ${ROOT}/releases/current;`);
    expect(readFileSync(join(root, 'etc/nginx/guichet/tls.conf'), 'utf8')).toContain(
      '\nresolver 192.0.2.53 valid=300s;\n',
    );
    for (const unit of [
      'guichet.service',
      'guichet-backup.service',
      'guichet-backup.timer',
      'guichet-publisher.service',
    ]) {
      expect(readFileSync(join(root, 'etc/systemd/system', unit), 'utf8'), unit).toBe(
        readFileSync(join(ROOT, 'deploy/systemd', unit), 'utf8').replaceAll('/srv/guichet', ROOT),
      );
    }
  });

  it('changes nothing when run again', () => {
    const before = tree();
    const again = install();
    expect(again.status).toBe(0);
    expect(again.stdout).not.toMatch(/^(wrote|made) /m);
    expect(tree()).toEqual(before);
  });

  it('serves what it wrote: the site over TLS behind nginx, and the first invitation', async () => {
    const [port, https, http] = [await freePort(), await freePort(), await freePort()];
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'page-data'), { recursive: true });
    writeFileSync(join(dist, 'page-data/app-data.json'), '{}');
    const settings = Object.fromEntries(
      readFileSync(join(root, 'etc/guichet/guichet.env'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const env = {
      ...process.env,
      ...settings,
      NODE_ENV: 'production',
      SUBMISSIONS_KEY_FILE: join(root, 'etc/guichet/master.key'),
      DATABASE_URL: `sqlite:${join(dir, 'var/site.db')}`,
      UPLOAD_DIR: join(dir, 'var/uploads'),
      DIST_DIR: dist,
      HOST: '127.0.0.1',
      PORT: String(port),
      STAFF_PORT: '0',
      LOG_LEVEL: 'warn',
    };
    const nginxDir = join(root, 'etc/nginx');
    mkdirSync(join(nginxDir, 'temp'), { recursive: true });
    writeFileSync(
      join(nginxDir, 'site-test.conf'),
      readFileSync(join(nginxDir, 'sites-available/guichet.conf'), 'utf8')
        .replace(/^ *listen \[::\].*\n/gm, '')
        .replace('listen 443 ssl http2;', `listen 127.0.0.1:${String(https)} ssl http2;`)
        .replace('listen 80;', `listen 127.0.0.1:${String(http)};`)
        .replaceAll('/etc/guichet/tls', join(root, 'etc/guichet/tls'))
        .replaceAll('/var/log/nginx', nginxDir)
        .replaceAll('http://127.0.0.1:8080', `http://127.0.0.1:${String(port)}`),
    );
    let server: ChildProcess | undefined;
    let nginx: ChildProcess | undefined;
    try {
      server = spawn(process.execPath, [join(ROOT, 'server/main.ts')], {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      server.once('exit', () => {
        console.error(`the server stopped: ${stderr}`);
      });
      nginx = await runNginx(
        nginxDir,
        ['include /etc/nginx/mime.types;', 'include site-test.conf;'],
        64,
      );
      let ready: { status: number; body: string } | undefined;
      for (let i = 0; i < 200 && ready?.status !== 200; i++) {
        await sleep(100);
        ready = await new Promise((resolve) => {
          request(
            { host: '127.0.0.1', port: https, path: '/api/ready', rejectUnauthorized: false },
            (response) => {
              let body = '';
              response.on('data', (chunk: Buffer) => (body += chunk.toString()));
              response.on('end', () => {
                resolve({ status: response.statusCode ?? 0, body });
              });
            },
          )
            .on('error', () => {
              resolve(undefined);
            })
            .end();
        });
      }
      expect(ready).toEqual({ status: 200, body: '{"status":"ready"}' });
      const redirect = await fetch(`http://127.0.0.1:${String(http)}/nl`, { redirect: 'manual' });
      expect(redirect.headers.get('location')).toBe('https://www.guichet.test/nl');
      const invite = spawnSync(
        process.execPath,
        [
          join(ROOT, 'server/staff-cli.ts'),
          'invite',
          '--email',
          'admin@guichet.test',
          '--role',
          'admin',
        ],
        { env: { ...env, STAFF_PORT: '8081' }, encoding: 'utf8' },
      );
      expect(invite.stdout).toMatch(
        /^Invitation for admin@guichet\.test \(admin\), valid until \S+:\nhttp:\/\/localhost:8081\/staff\/enrol\?lang=en#token=[\w-]+\n$/,
      );
    } finally {
      server?.kill('SIGTERM');
      nginx?.kill('SIGQUIT');
    }
  }, 60_000);
});
