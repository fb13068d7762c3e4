// docs/operations.md (issue #47): every command of its shell blocks is one the project knows and
// a test runs: npm scripts with options their program accepts and a test passes, install.sh's
// own options, the units of deploy/systemd, the promtool checks, the routes curl asks for, and
// the certbot command install.sh runs. A command that fits none of these fails this test.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const RUNBOOK = read('docs/operations.md');
const SCRIPTS = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const INSTALL = read('deploy/install.sh');

/** The test files that run each npm script's program with the options the runbook uses. */
const TESTED_BY: Record<string, string> = {
  backup: 'server/backup/restore-drill.test.ts',
  restore: 'server/backup/restore-drill.test.ts',
  release: 'server/release-cli.integration.test.ts',
  staff: 'server/install-script.test.ts',
};

/** The command lines of the runbook's ```sh blocks. */
const commands = [...RUNBOOK.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((block) =>
  (block[1] ?? '').split('\n').filter((line) => line.trim() && !line.startsWith('#')),
);

/** The options (--name) of a command line. */
const optionsOf = (line: string) =>
  [...line.matchAll(/(?<=\s)--[a-z-]+/g)].map((match) => match[0]);

/** Checks one command line; returns what runs or checks it, or throws. */
function check(line: string): string {
  const npm = /^(?:[A-Z_]+=\S+ )*npm run ([a-z:]+)(?: -- (.*))?$/.exec(line);
  if (npm) {
    const [, script = '', args = ''] = npm;
    expect(SCRIPTS[script], line).toBeDefined();
    const program = /node (server\/[\w-]+\.ts)/.exec(SCRIPTS[script] ?? '')?.[1] ?? '';
    const source = read(program);
    const test = TESTED_BY[script];
    expect(test, line).toBeDefined();
    const tested = read(test ?? '');
    for (const option of optionsOf(` ${args}`)) {
      expect(source, `${line}: ${program} takes ${option}`).toContain(option);
    }
    for (const option of optionsOf(` ${args}`).filter((each) => each !== '--role')) {
      if (script !== 'staff')
        expect(tested, `${line}: ${test ?? ''} passes ${option}`).toContain(`'${option}'`);
    }
    return test ?? '';
  }
  if (line.startsWith('deploy/install.sh ')) {
    for (const option of optionsOf(line)) expect(INSTALL, line).toContain(`  ${option})`);
    return 'server/install-script.test.ts';
  }
  const systemctl = /^systemctl (status|start|stop|restart|list-timers) (.+)$/.exec(line);
  if (systemctl) {
    for (const unit of (systemctl[2] ?? '').split(' ')) {
      expect(existsSync(join(ROOT, 'deploy/systemd', unit)), `${line}: ${unit}`).toBe(true);
    }
    return 'server/systemd-unit.test.ts';
  }
  const promtool =
    /^promtool (check rules|test rules|check config) deploy\/prometheus\/([\w.]+)$/.exec(line);
  if (promtool) {
    expect(read('server/prometheus-alerts.test.ts'), line).toContain(
      `promtool('${(promtool[1] ?? '').replace(' ', "', '")}', '${promtool[2] ?? ''}')`,
    );
    return 'server/prometheus-alerts.test.ts';
  }
  const curl = /^curl -s http:\/\/127\.0\.0\.1:(8080\/api\/ready|9464\/metrics)$/.exec(line);
  if (curl)
    return curl[1]?.endsWith('ready')
      ? 'server/readiness.test.ts'
      : 'server/metrics/metrics.test.ts';
  if (line.startsWith('certbot certonly ')) {
    for (const option of optionsOf(line)) expect(INSTALL, `${line}: install.sh`).toContain(option);
    return 'deploy/install.sh (dry run: server/install-script.test.ts)';
  }
  if (line === 'openssl rand -base64 32') {
    expect(INSTALL).toContain('openssl rand -base64 32');
    return 'deploy/install.sh';
  }
  // git itself: not the project's to test, but only these forms.
  if (
    /^git (clone \S+ \/srv\/guichet|-C \/srv\/guichet (fetch --tags|checkout v[\d.]+))$/.test(line)
  ) {
    return 'git';
  }
  throw new Error(`docs/operations.md: no test knows the command "${line}"`);
}

describe('docs/operations.md', () => {
  it('has commands, each of them valid shell', () => {
    expect(commands.length).toBeGreaterThan(15);
    const syntax = spawnSync('bash', ['-n'], { input: commands.join('\n'), encoding: 'utf8' });
    expect(syntax.stderr).toBe('');
  });

  it.each(commands)('knows and tests `%s`', (line) => {
    expect(check(line)).not.toBe('');
  });

  it('explains every alert of deploy/prometheus/alerts.yml where its runbook link points', () => {
    const alerts = read('deploy/prometheus/alerts.yml');
    for (const [, anchor] of alerts.matchAll(/runbook: docs\/operations\.md#(\w+)/g)) {
      const headings = [...RUNBOOK.matchAll(/^#### (\w+)$/gm)].map((match) =>
        match[1]?.toLowerCase(),
      );
      expect(headings, anchor).toContain(anchor);
    }
  });
});
