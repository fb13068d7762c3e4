// `npm run staff -- invite` (server/staff-cli.ts, issue 42): the link goes to STAFF_ORIGIN, the
// address staff type, never to a default port beside it; without STAFF_ORIGIN it says which
// address it assumed. The invitation it prints is the one the database keeps (its SHA-256).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from './storage/database.ts';
import { ROOT } from './testing/forms-app.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guichet-staff-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function invite(email: string, env: Record<string, string>) {
  // The test's own STAFF_ORIGIN, if any, is not the command's.
  const inherited = { ...process.env };
  delete inherited.STAFF_ORIGIN;
  return spawnSync(
    process.execPath,
    [
      join(ROOT, 'server/staff-cli.ts'),
      'invite',
      '--email',
      email,
      '--role',
      'agent',
      '--lang',
      'nl',
    ],
    {
      env: {
        ...inherited,
        DATABASE_URL: `sqlite:${join(dir, 'site.db')}`,
        UPLOAD_DIR: join(dir, 'uploads'),
        SUBMISSIONS_KEY: Buffer.alloc(32, 7).toString('base64'),
        ...env,
      },
      encoding: 'utf8',
    },
  );
}

describe('npm run staff -- invite', () => {
  it('prints a link to STAFF_ORIGIN, not to STAFF_PORT, and the database keeps its token', async () => {
    const run = invite('anna@example.be', {
      STAFF_ORIGIN: 'https://desk.example.be',
      STAFF_PORT: '9099',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^Invitation for anna@example\.be \(agent\), valid until \S+:$/);
    const link = /^https:\/\/desk\.example\.be\/staff\/enrol\?lang=nl#token=([\w-]+)$/.exec(
      lines[1] ?? '',
    );
    expect(link).not.toBe(null);
    expect(lines.slice(2)).toEqual(['']);
    const storage = await openStorage(`sqlite:${join(dir, 'site.db')}`, ROOT);
    try {
      const stored = await storage.db
        .selectFrom('staff_invitations')
        .select(['email', 'token_hash'])
        .execute();
      const hash = createHash('sha256')
        .update(link?.[1] ?? '')
        .digest('hex');
      expect(stored).toEqual([{ email: 'anna@example.be', token_hash: hash }]);
    } finally {
      await storage.close();
    }
  });

  it('without STAFF_ORIGIN, says which address it assumed and why it may be wrong', () => {
    const run = invite('bram@example.be', { STAFF_PORT: '9099' });
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')[1]).toMatch(
      /^http:\/\/localhost:9099\/staff\/enrol\?lang=nl#token=[\w-]+$/,
    );
    expect(run.stderr).toBe(
      'STAFF_ORIGIN is not set: the link uses http://localhost:9099, the back office’s address only when it runs without STAFF_ORIGIN on port 9099. Run this command with the service’s settings (docs/operations.md).\n',
    );
  });
});
