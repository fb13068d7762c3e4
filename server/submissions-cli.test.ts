// `npm run submissions -- export` (server/submissions-cli.ts, issue 42): the command-line export
// is a line of the audit log like the back office's, its actor the operating-system user.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from './storage/database.ts';
import { ROOT } from './testing/forms-app.ts';

let dir = '';
const env = () => ({
  ...process.env,
  DATABASE_URL: `sqlite:${join(dir, 'site.db')}`,
  UPLOAD_DIR: join(dir, 'uploads'),
  SUBMISSIONS_KEY: Buffer.alloc(32, 7).toString('base64'),
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guichet-submissions-cli-'));
  const storage = await openStorage(env().DATABASE_URL, ROOT);
  await storage.db
    .insertInto('submissions')
    .values({
      id: 'FFFF-FFFF-FF',
      form_id: 'feedback',
      lang: 'en',
      data: JSON.stringify({ page: '/en/', useful: 'yes' }),
      created_at: '2026-11-01T08:00:00.000Z',
    })
    .execute();
  await storage.close();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run submissions -- export', () => {
  it('writes the export and an audit line naming the operating-system user, no content', async () => {
    const run = spawnSync(
      process.execPath,
      [join(ROOT, 'server/submissions-cli.ts'), 'export', '--form', 'feedback'],
      { env: env(), encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      '\ufeff"reference";"created_at";"lang";"page";"useful";"missing"\r\n' +
        '"FFFF-FFFF-FF";"2026-11-01T08:00:00.000Z";"en";"/en/";"yes";""\r\n',
    );
    const storage = await openStorage(env().DATABASE_URL, ROOT);
    try {
      const lines = await storage.db.selectFrom('audit_log').selectAll().execute();
      expect(
        lines.map(({ member_id, member_email, action, submission_id, detail }) => ({
          member_id,
          member_email,
          action,
          submission_id,
          detail,
        })),
      ).toEqual([
        {
          member_id: null,
          member_email: null,
          action: 'exported',
          submission_id: null,
          detail: `command line, operating-system user ${userInfo().username}; csv, 1 row; filters: form feedback`,
        },
      ]);
    } finally {
      await storage.close();
    }
  });
});
