// A full disk (issue #14): the form API on a 4 MB tmpfs (a mount namespace of its own, with
// `unshare`), filled up. A submission or upload that finds no room gets a clean 507 with a
// translated message, the server stays up, nothing it acknowledged is lost, and it takes
// submissions again once space returns.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { copyFile, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Challenge } from 'altcha-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '../storage/database.ts';
import { contactValues, multipartBody, PDF, ROOT, solve } from '../testing/forms-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'guichet-full-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// Whether this machine lets a test mount a small tmpfs in a namespace of its own.
const probe = spawnSync(
  'unshare',
  ['--mount', '--map-root-user', 'sh', '-c', `mount -t tmpfs -o size=1m probe ${dir}`],
  { encoding: 'utf8' },
);
const canMount = probe.status === 0;

/** Starts server/testing/test-server.ts on a 4 MB tmpfs mounted over `dir` for it alone. */
function startOnTmpfs(): Promise<{ child: ChildProcess; port: number }> {
  const script = `mount -t tmpfs -o size=4m guichet "${dir}" && exec "${process.execPath}" "${join(ROOT, 'server/testing/test-server.ts')}"`;
  const child = spawn('unshare', ['--mount', '--map-root-user', 'sh', '-c', script], {
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'site.db')}`,
      UPLOAD_DIR: join(dir, 'uploads'),
      PORT: '0',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`the server on tmpfs exited with ${String(code)}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening on (\d+)$/.exec(line);
      if (match) resolve({ child, port: Number(match[1]) });
    });
  });
}

describe('a full disk', () => {
  if (!canMount) {
    it.skip(`is NOT tested: unshare cannot mount a tmpfs here (${probe.stderr.trim()})`, () => {});
    return;
  }

  it('gets a clean 507, loses nothing acknowledged, and recovers when space returns', async () => {
    const { child, port } = await startOnTmpfs();
    const origin = `http://127.0.0.1:${port}`;
    // The server's own view of the tmpfs, from outside its namespace.
    const inside = (path: string) => join(`/proc/${String(child.pid)}/root`, dir, path);
    const proof = async () =>
      solve((await (await fetch(`${origin}/api/challenge`)).json()) as Challenge);
    const submit = async (lang = 'en') =>
      fetch(`${origin}/api/forms/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lang,
          values: contactValues({ message: 'x'.repeat(4_000) }),
          altcha: await proof(),
        }),
      });
    try {
      // Leave a little room only: about 300 KB, whatever the schema already took.
      const { bavail, bsize } = await statfs(inside('.'));
      await writeFile(inside('filler'), Buffer.alloc(bavail * bsize - 300_000));
      const acknowledged: string[] = [];
      let full: Response | undefined;
      for (let attempt = 0; attempt < 500 && !full; attempt++) {
        const response = await submit();
        if (response.status === 201) {
          acknowledged.push(((await response.json()) as { reference: string }).reference);
        } else full = response;
      }
      expect(full?.status).toBe(507);
      expect(await full?.json()).toEqual({
        error: 'storage_full',
        message:
          'Your message has not been sent because our server is short of storage space. What you typed is kept on this device; try again later, or contact us by phone or e-mail.',
      });
      const dutch = await submit('nl');
      expect(dutch.status).toBe(507);
      expect(((await dutch.json()) as { message: string }).message).toMatch(
        /^Uw bericht is niet verzonden omdat onze server te weinig opslagruimte heeft\./,
      );
      const { payload, headers } = multipartBody(
        'scan.pdf',
        Buffer.concat([PDF, Buffer.alloc(400_000)]),
      );
      const upload = await fetch(`${origin}/api/uploads?form=contact&field=attachments`, {
        method: 'POST',
        headers: { ...headers, 'x-proof-of-work': await proof() },
        body: new Uint8Array(payload),
      });
      expect(upload.status).toBe(507);
      expect(((await upload.json()) as { error: string }).error).toBe('storage_full');
      // Still up.
      expect((await fetch(`${origin}/api/health`)).status).toBe(200);

      // Space returns: submissions are taken again.
      await rm(inside('filler'));
      const after = await submit();
      expect(after.status).toBe(201);
      acknowledged.push(((await after.json()) as { reference: string }).reference);

      // A copy of the database as the server left it (SQLite would resolve /proc/…/root to
      // this namespace's own, empty folder): the file and its write-ahead log.
      const copy = mkdtempSync(join(tmpdir(), 'guichet-full-copy-'));
      for (const file of ['site.db', 'site.db-wal']) {
        await copyFile(inside(file), join(copy, file));
      }
      const storage = await openStorage(`sqlite:${join(copy, 'site.db')}`, ROOT);
      try {
        const stored = new Set(
          (await storage.db.selectFrom('submissions').select('id').execute()).map((row) => row.id),
        );
        expect(acknowledged.filter((reference) => !stored.has(reference))).toEqual([]);
        expect(acknowledged.length).toBeGreaterThan(1);
      } finally {
        await storage.close();
        rmSync(copy, { recursive: true, force: true });
      }
    } finally {
      child.kill('SIGTERM');
    }
  }, 120_000);
});
