// The supervised production setup of deploy/systemd (issue #14, item 5): the unit passes
// `systemd-analyze verify`, its sandbox scores OK with `systemd-analyze security`, and it keeps
// the promises the README makes (restart always, a user of its own, only var/ writable).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const UNIT = readFileSync(join(ROOT, 'deploy/systemd/guichet.service'), 'utf8');
const ANALYZE = '/usr/bin/systemd-analyze';
const available = existsSync(ANALYZE);

/** The unit's settings as key → values (a key may repeat). */
function settings(unit: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of unit.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match?.[1] !== undefined)
      found.set(match[1], [...(found.get(match[1]) ?? []), match[2] ?? '']);
  }
  return found;
}

// The unit as it would be installed on this machine: this checkout for /srv/guichet and the
// Node that runs the tests (verify checks that ExecStart's program exists).
const dir = mkdtempSync(join(tmpdir(), 'guichet-systemd-'));
const UNITS = [
  'guichet.service',
  'guichet-backup.service',
  'guichet-backup.timer',
  'guichet-publisher.service',
];
for (const name of UNITS) {
  writeFileSync(
    join(dir, name),
    readFileSync(join(ROOT, 'deploy/systemd', name), 'utf8')
      .replaceAll('/srv/guichet', ROOT)
      .replaceAll('/var/backups/guichet', dir)
      .replace('ExecStart=/usr/local/bin/node', `ExecStart=${process.execPath}`),
  );
}
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('deploy/systemd/guichet.service', () => {
  it('restarts always, runs as its own user, and may write var/ only', () => {
    const unit = settings(UNIT);
    expect(unit.get('Restart')).toEqual(['always']);
    expect(unit.get('User')).toEqual(['guichet']);
    expect(unit.get('NoNewPrivileges')).toEqual(['yes']);
    expect(unit.get('ProtectSystem')).toEqual(['strict']);
    expect(unit.get('ReadWritePaths')).toEqual(['/srv/guichet/var']);
    expect(unit.get('UMask')).toEqual(['0077']);
    expect(unit.get('ExecStart')).toEqual(['/usr/local/bin/node server/main.ts']);
    const sysusers = readFileSync(join(ROOT, 'deploy/systemd/guichet.sysusers.conf'), 'utf8');
    expect(sysusers).toMatch(/^u guichet - /m);
  });

  it('requires the Node.js of package.json "engines", keeps retrying but not a bad configuration', () => {
    const { engines } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(UNIT).toContain(`# ${engines.node} (package.json "engines")`);
    const unit = settings(UNIT);
    expect(unit.get('StartLimitIntervalSec')).toEqual(['0']);
    expect(unit.get('RestartPreventExitStatus')).toEqual(['78']);
    // The master key is a credential: readable by root alone on disk, by the service at run time.
    expect(unit.get('LoadCredential')).toEqual(['master-key:/etc/guichet/master.key']);
    expect(unit.get('Environment')).toContain('SUBMISSIONS_KEY_FILE=%d/master-key');
    expect(unit.get('Environment')?.[0]).toContain('METRICS_PORT=9464');
  });

  it('backs up every night, as its own user, without the master key', () => {
    const backup = settings(
      readFileSync(join(ROOT, 'deploy/systemd/guichet-backup.service'), 'utf8'),
    );
    expect(backup.get('ExecStart')).toEqual([
      '/usr/local/bin/node server/backup-cli.ts --dir /var/backups/guichet',
    ]);
    expect(backup.get('User')).toEqual(['guichet']);
    expect(backup.get('LoadCredential')).toBeUndefined();
    const timer = settings(readFileSync(join(ROOT, 'deploy/systemd/guichet-backup.timer'), 'utf8'));
    expect(timer.get('OnCalendar')).toEqual(['*-*-* 03:00:00']);
    expect(timer.get('Persistent')).toEqual(['true']);
  });

  it('publishes as the same user, may write the releases only, and needs no master key', () => {
    const publisher = settings(
      readFileSync(join(ROOT, 'deploy/systemd/guichet-publisher.service'), 'utf8'),
    );
    expect(publisher.get('ExecStart')).toEqual(['/usr/local/bin/node server/publisher.ts']);
    expect(publisher.get('User')).toEqual(['guichet']);
    expect(publisher.get('ReadWritePaths')).toEqual(['/srv/guichet/releases']);
    expect(publisher.get('RestartPreventExitStatus')).toEqual(['78']);
    expect(publisher.get('Environment')?.[0]).toContain('PUBLISH_HOST=127.0.0.1 PUBLISH_PORT=8083');
    expect(publisher.get('LoadCredential')).toBeUndefined();
  });

  // Without the tool the two checks below cannot run: the report says so instead of passing.
  if (!available) {
    it.skip(`is NOT verified: ${ANALYZE} is missing (apt-get install systemd; .ci/run does)`, () => {});
  }

  it.runIf(available)(
    'passes `systemd-analyze verify` without a warning, with its backup units',
    () => {
      const result = spawnSync(
        ANALYZE,
        ['verify', '--man=no', ...UNITS.map((name) => join(dir, name))],
        {
          encoding: 'utf8',
        },
      );
      expect({ status: result.status, output: result.stdout + result.stderr }).toEqual({
        status: 0,
        output: '',
      });
    },
  );

  it.runIf(available).each(['guichet.service', 'guichet-publisher.service'])(
    '%s has an exposure of at most 2.0 by `systemd-analyze security`',
    (name) => {
      const result = spawnSync(
        ANALYZE,
        ['security', '--offline=true', '--threshold=20', join(dir, name)],
        { encoding: 'utf8' },
      );
      const level = new RegExp(`Overall exposure level for ${name}: ([\\d.]+)`).exec(
        result.stdout,
      )?.[1];
      expect(result.status).toBe(0);
      expect(Number(level)).toBeLessThanOrEqual(2);
    },
  );
});
