// deploy/prometheus (issue #47): the alert rules pass `promtool check rules` and their unit tests
// (`promtool test rules`, alerts.test.yml), the example configuration passes `promtool check
// config`, and every metric of ours that an alert reads is one the instances export.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics/metrics.ts';
import type { Storage } from './storage/database.ts';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(ROOT, 'deploy/prometheus');
const PROMTOOL = '/usr/bin/promtool';
const available = existsSync(PROMTOOL);

const promtool = (...args: string[]) => {
  const result = spawnSync(PROMTOOL, args, { cwd: DIR, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
};

describe('deploy/prometheus', () => {
  // Without the tool the checks cannot run: the report says so instead of passing.
  if (!available) {
    it.skip(`is NOT checked: ${PROMTOOL} is missing (apt-get install prometheus; .ci/run does)`, () => {});
  }

  it.runIf(available)('alerts.yml passes `promtool check rules`', () => {
    expect(promtool('check', 'rules', 'alerts.yml')).toEqual({
      status: 0,
      output: 'Checking alerts.yml\n  SUCCESS: 9 rules found',
    });
  });

  it.runIf(available)(
    'each alert fires when it should and not otherwise (`promtool test rules`)',
    () => {
      expect(promtool('test', 'rules', 'alerts.test.yml')).toEqual({
        status: 0,
        output: 'Unit Testing:  alerts.test.yml\n  SUCCESS',
      });
    },
    // promtool evaluates 30 hours of series: some seconds on a busy 2-core machine.
    30_000,
  );

  it.runIf(available)('prometheus.yml passes `promtool check config`', () => {
    const { status, output } = promtool('check', 'config', 'prometheus.yml');
    expect(status).toBe(0);
    expect(output).toContain('SUCCESS: prometheus.yml is valid prometheus config file syntax');
  });

  it('reads only metrics the instances export, and tests every alert it defines', () => {
    const rules = readFileSync(join(DIR, 'alerts.yml'), 'utf8');
    const used = new Set(rules.match(/(?<!")\bguichet_[a-z_]+\b/g));
    const { registry } = createMetrics({
      storage: {} as Storage,
      uploadDir: ROOT,
      release: { version: '0', commit: '0' },
    });
    const exported = new Set(registry.getMetricsAsArray().map((metric) => metric.name));
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
    const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((match) => match[1]);
    const tests = readFileSync(join(DIR, 'alerts.test.yml'), 'utf8');
    const firing = new Set(
      [...tests.matchAll(/alertname: (\w+)\n\s+exp_alerts:/g)].map((match) => match[1]),
    );
    expect(alerts.filter((alert) => !firing.has(alert))).toEqual([]);
  });
});
