// The restore drill (issue #47), on SQLite and on PostgreSQL: readers keep sending messages with a
// file while `npm run backup` runs; the backup is restored with `npm run restore` into a fresh
// instance; every submission acknowledged before the backup started is there and readable, its
// file byte-identical, and the audit log whole. The backup holds no master key, refuses a
// tampered file, and a restore under another master key says so.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { identityToRecipient } from 'age-encryption';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../storage/audit.ts';
import { openStorage } from '../storage/database.ts';
import { newMasterKeyText } from '../storage/encryption.ts';
import {
  contactValues,
  multipartBody,
  PDF,
  ROOT,
  solve,
  storedFile,
  storedValuesText,
  TEST_MASTER_KEY_TEXT,
} from '../testing/forms-app.ts';
import { startPostgres, type PostgresCluster } from '../testing/pg-cluster.ts';
import { startServer } from '../testing/spawn-test-server.ts';
import { MANIFEST, openArchive, sealFolder, type Manifest } from './archive.ts';

const run = promisify(execFile);
let dir = '';
let postgres: PostgresCluster | undefined;
let identityFile = '';
let recipient = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guichet-drill-'));
  postgres = await startPostgres();
  // The backup key, made as the runbook says.
  identityFile = join(dir, 'backup.key');
  const made = await npmRun('backup', ['new-key', '--output', identityFile], {});
  recipient = /BACKUP_RECIPIENT: (age1\w+)\n$/.exec(made.stdout)?.[1] ?? '';
  expect(recipient).toBe(await identityToRecipient((await readFile(identityFile, 'utf8')).trim()));
  expect((await stat(identityFile)).mode & 0o777).toBe(0o400);
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  await rm(dir, { recursive: true, force: true });
});

interface Sent {
  reference: string;
  token: string;
  bytes: Buffer;
  message: string;
  at: number;
}

/** Readers sending a message with one file each, in a loop, until stopped. */
function keepSending(origin: string, readers: number) {
  const sent: Sent[] = [];
  let stopping = false;
  const proof = async () =>
    solve((await (await fetch(`${origin}/api/challenge`)).json()) as Challenge);
  const loop = async () => {
    while (!stopping) {
      const bytes = Buffer.concat([PDF, randomBytes(2000)]);
      const { payload, headers } = multipartBody('letter.pdf', bytes);
      const upload = await fetch(`${origin}/api/uploads?form=contact&field=attachments`, {
        method: 'POST',
        headers: { ...headers, 'x-proof-of-work': await proof() },
        body: new Uint8Array(payload),
      });
      expect(upload.status).toBe(201);
      const { token } = (await upload.json()) as { token: string };
      const message = `drill ${randomBytes(6).toString('hex')}`;
      const response = await fetch(`${origin}/api/forms/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lang: 'en',
          values: contactValues({ message, attachments: [token] }),
          altcha: await proof(),
        }),
      });
      expect(response.status).toBe(201);
      const { reference } = (await response.json()) as { reference: string };
      sent.push({ reference, token, bytes, message, at: Date.now() });
    }
  };
  const loops = Array.from({ length: readers }, loop);
  return {
    sent,
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

/** Runs an npm script's program as the runbook does, with the instance's settings. */
const npmRun = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [join(ROOT, `server/${script}-cli.ts`), ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });

describe.each([
  ['SQLite', (name: string) => Promise.resolve(`sqlite:${join(dir, name, 'site.db')}`)],
  ['PostgreSQL', (name: string) => postgres?.createDatabase(name) ?? Promise.resolve('')],
])('the restore drill on %s', (kind, databaseFor) => {
  it('restores every acknowledged submission, its file byte for byte, and the audit log', async () => {
    const tag = kind === 'SQLite' ? 'lite' : 'pg';
    const source = {
      DATABASE_URL: await databaseFor(`${tag}_source`),
      UPLOAD_DIR: join(dir, `${tag}-source-uploads`),
    };
    const target = {
      DATABASE_URL: await databaseFor(`${tag}_target`),
      UPLOAD_DIR: join(dir, `${tag}-target-uploads`),
    };
    await mkdir(join(dir, `${tag}_source`), { recursive: true });
    const key = { SUBMISSIONS_KEY: TEST_MASTER_KEY_TEXT };
    const server = await startServer(source.DATABASE_URL, join(dir, tag), { ...key, ...source });
    const backupFile = join(dir, `${tag}.age`);
    try {
      const storage = await openStorage(source.DATABASE_URL, ROOT);
      for (let line = 0; line < 25; line++) {
        await audit(storage.db, {
          memberId: null,
          action: 'invited',
          detail: `line ${String(line)}`,
        });
      }
      const auditBefore = (await storage.db.selectFrom('audit_log').select('id').execute()).map(
        (row) => row.id,
      );
      await storage.close();

      const readers = keepSending(`http://127.0.0.1:${String(server.port)}`, 3);
      while (readers.sent.length < 20) await new Promise((done) => setTimeout(done, 20));
      const started = Date.now();
      // Counted, not compared by time: a message acknowledged in the same millisecond as
      // `started` was sent before the backup began all the same.
      const sentBefore = readers.sent.length;
      const backup = await npmRun('backup', ['--output', backupFile], {
        ...source,
        BACKUP_RECIPIENT: recipient,
      });
      const ended = Date.now();
      await readers.stop();
      expect(backup.stdout).toMatch(
        new RegExp(
          `^Backup written to ${backupFile}: the ${kind === 'SQLite' ? 'sqlite' : 'postgres'} database and \\d+ uploaded files`,
        ),
      );
      const before = readers.sent.slice(0, sentBefore);
      const during = readers.sent.slice(sentBefore).filter((each) => each.at <= ended);
      expect(before.length).toBeGreaterThanOrEqual(20);
      // Visitors kept writing while it ran.
      expect(during.length).toBeGreaterThan(0);

      const restore = await npmRun('restore', [backupFile, '--identity', identityFile], {
        ...key,
        ...target,
      });
      expect(restore.stdout).toMatch(
        /^Restored the backup of \S+: every file matches its checksum; \d+ submissions, \d+ uploads and \d+ audit lines, all opened by master key \w{8}\.\n$/,
      );

      const restored = await openStorage(target.DATABASE_URL, ROOT);
      try {
        for (const each of before) {
          expect(await storedValuesText(restored.db, each.reference)).toContain(each.message);
          const file = await storedFile(restored.db, target.UPLOAD_DIR, each.token);
          expect(file.name).toBe('letter.pdf');
          expect(file.bytes.equals(each.bytes), each.reference).toBe(true);
        }
        const auditAfter = new Set(
          (await restored.db.selectFrom('audit_log').select('id').execute()).map((row) => row.id),
        );
        expect(auditBefore.filter((id) => !auditAfter.has(id))).toEqual([]);
      } finally {
        await restored.close();
      }
      // The source's metric of the last backup.
      const after = await openStorage(source.DATABASE_URL, ROOT);
      const last = await after.db
        .selectFrom('job_runs')
        .selectAll()
        .where('job', '=', 'backup')
        .executeTakeFirstOrThrow();
      expect(Date.parse(last.last_success_at)).toBeGreaterThanOrEqual(started);
      await after.close();
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    // A second restore into the same instance is refused: it is not empty.
    await expect(
      npmRun('restore', [backupFile, '--identity', identityFile], { ...key, ...target }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^The restore failed: .*(is not empty|exists): restore into an empty/,
      ) as unknown,
    });
  }, 120_000);
});

describe('a backup', () => {
  it('holds no master key, and is refused when a file was changed or under another master key', async () => {
    const file = join(dir, 'lite.age');
    const opened = join(dir, 'opened');
    await mkdir(opened);
    const manifest: Manifest = await openArchive(
      file,
      await readFile(identityFile, 'utf8'),
      opened,
    );
    expect(manifest.dialect).toBe('sqlite');
    const names = await readdir(opened, { recursive: true });
    expect(names).toContain(MANIFEST);
    expect(names).toContain('database.sqlite');
    for (const name of names) {
      const content = await readFile(join(opened, name)).catch(() => Buffer.alloc(0));
      expect(content.includes(TEST_MASTER_KEY_TEXT), name).toBe(false);
      expect(content.includes(Buffer.from(TEST_MASTER_KEY_TEXT, 'base64')), name).toBe(false);
    }

    // Another master key opens nothing: the restore says so.
    const elsewhere = {
      DATABASE_URL: `sqlite:${join(dir, 'other', 'site.db')}`,
      UPLOAD_DIR: join(dir, 'other-uploads'),
    };
    await expect(
      npmRun('restore', [file, '--identity', identityFile], {
        ...elsewhere,
        SUBMISSIONS_KEY: newMasterKeyText(),
      }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^The restore failed: The master key \(id \w{8}\) does not open the restored data: .*Give the instance the master key the backup was made under\.\n$/,
      ) as unknown,
    });

    // A file changed after the backup: refused before anything is written.
    const [upload] = await readdir(join(opened, 'uploads'));
    await writeFile(join(opened, 'uploads', upload ?? ''), 'changed');
    const tampered = join(dir, 'tampered.age');
    await sealFolder(opened, manifest, recipient, tampered);
    const fresh = {
      DATABASE_URL: `sqlite:${join(dir, 'fresh', 'site.db')}`,
      UPLOAD_DIR: join(dir, 'fresh-uploads'),
    };
    await expect(
      npmRun('restore', [tampered, '--identity', identityFile], {
        ...fresh,
        SUBMISSIONS_KEY: TEST_MASTER_KEY_TEXT,
      }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: `The restore failed: ${tampered}: uploads/${upload ?? ''} does not match its checksum in the manifest\n`,
    });
  }, 60_000);
});
