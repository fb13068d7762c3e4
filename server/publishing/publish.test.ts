// A publication that cannot start or cannot fetch (no build runs): a second publication while
// one runs is refused, a lock left by a process that is gone is taken over, a branch name that
// git would read as an option and a repository that is not one are refused and recorded, and
// nothing goes live.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAST_FAILURE, publish, type PublishOptions } from './publish.ts';

const dir = mkdtempSync(join(tmpdir(), 'publish-'));
const releasesDir = join(dir, 'releases');
const options = (override: Partial<PublishOptions>): PublishOptions => ({
  releasesDir,
  repository: join(dir, 'no-such-repository.git'),
  branch: 'main',
  now: () => new Date('2026-11-26T10:00:00Z'),
  keep: 10,
  ...override,
});

describe('publish, before the build', () => {
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start while another running process publishes', async () => {
    mkdirSync(releasesDir, { recursive: true });
    writeFileSync(join(releasesDir, '.publishing'), String(process.ppid));
    await expect(publish(options({}))).rejects.toThrow(
      `another publication is running (process ${String(process.ppid)})`,
    );
    expect(readFileSync(join(releasesDir, '.publishing'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that is gone, and records why the fetch failed', async () => {
    // Above Linux's largest process id (2^22): no process has it.
    writeFileSync(join(releasesDir, '.publishing'), '4194305');
    const outcome = await publish(options({}));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.commit).toBeUndefined();
    expect(outcome.problems).toHaveLength(1);
    expect(outcome.problems[0]).toMatch(/^git fetch --quiet --force --no-tags -- \S+ \+refs/);
    expect(existsSync(join(releasesDir, '.publishing'))).toBe(false);
    expect(existsSync(join(releasesDir, 'current'))).toBe(false);
    expect(JSON.parse(readFileSync(join(releasesDir, LAST_FAILURE), 'utf8'))).toEqual({
      branch: 'main',
      at: '2026-11-26T10:00:00.000Z',
      problems: outcome.problems,
    });
  });

  it('refuses a branch name that git would read as an option', async () => {
    const outcome = await publish(options({ branch: '--upload-pack=touch /tmp/x' }));
    expect(outcome).toMatchObject({
      ok: false,
      problems: ['not a branch name: "--upload-pack=touch /tmp/x"'],
    });
    expect(existsSync(join(releasesDir, 'current'))).toBe(false);
  });
});
