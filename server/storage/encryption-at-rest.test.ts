// Encryption at rest (issues #16, #39): a unique marker sent in a message, a file and a file name,
// and written by the desk in an internal note, is found neither in the database (SQLite's files;
// every row of every table on PostgreSQL) nor in the upload folder, yet the desk reads it back;
// production refuses to start without a key. Rotation: key-rotation.test.ts.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  ROOT,
  storedFile,
  submitWithFile,
  storedValuesText,
  TEST_MASTER_KEY,
  type TestApp,
} from '../testing/forms-app.ts';
import { startPostgres, type PostgresCluster } from '../testing/pg-cluster.ts';
import { readSubmission } from '../staff/inbox.ts';
import { addNote } from '../staff/notes.ts';
import { loadMasterKey } from './master-key.ts';

let postgres: PostgresCluster | undefined;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

/** Every file under a folder, recursively, as bytes. */
async function filesUnder(dir: string): Promise<Buffer[]> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    names
      .filter((entry) => entry.isFile())
      .map((entry) => readFile(join(entry.parentPath, entry.name))),
  );
}

/** Sends a message, a file and a file name with the marker, and writes a note; the reference. */
async function sendMarked(
  test: TestApp,
  marker: string,
): Promise<{ reference: string; token: string }> {
  const sent = await submitWithFile(test.app, `${marker}.txt`, `hearing notes ${marker}\n`, {
    message: `My question ${marker}`,
  });
  expect(sent.status).toBe(201);
  const { reference, token } = sent;
  // What the desk writes of a victim is sealed like what the victim wrote (issue #39 item 4).
  await addNote(
    test.app.formsApi.storage.db,
    reference,
    'member-1',
    `Called back, ${marker}`,
    TEST_MASTER_KEY,
  );
  return { reference, token };
}

async function expectReadableByTheDesk(
  test: TestApp,
  sent: { reference: string; token: string },
  marker: string,
) {
  const { db } = test.app.formsApi.storage;
  expect(JSON.parse(await storedValuesText(db, sent.reference))).toMatchObject({
    message: `My question ${marker}`,
  });
  const file = await storedFile(db, test.config.uploadDir, sent.token);
  expect(file).toEqual({ name: `${marker}.txt`, bytes: Buffer.from(`hearing notes ${marker}\n`) });
  const submission = await readSubmission(db, sent.reference, TEST_MASTER_KEY);
  expect(submission?.notes.map((note) => note.text)).toEqual([`Called back, ${marker}`]);
}

describe('a marker sent by a visitor', () => {
  it('is in no SQLite file and no upload, yet the desk reads it', async () => {
    const test = await createTestApp();
    try {
      const marker = `marker${randomBytes(8).toString('hex')}`;
      const sent = await sendMarked(test, marker);
      await expectReadableByTheDesk(test, sent, marker);
      const dbFiles = (await readdir(test.dir)).filter((name) => name.startsWith('site.db'));
      expect(dbFiles).toContain('site.db-wal');
      for (const name of dbFiles) {
        expect((await readFile(join(test.dir, name))).includes(marker), name).toBe(false);
      }
      const uploads = await filesUnder(test.config.uploadDir);
      expect(uploads.length).toBe(1);
      for (const bytes of uploads) expect(bytes.includes(marker)).toBe(false);
    } finally {
      await test.close();
    }
  });

  it('is in no row of any table on PostgreSQL', async () => {
    if (!postgres) throw new Error('no PostgreSQL cluster');
    const test = await createTestApp({ databaseUrl: postgres.url });
    try {
      const marker = `marker${randomBytes(8).toString('hex')}`;
      const sent = await sendMarked(test, marker);
      await expectReadableByTheDesk(test, sent, marker);
      const { db } = test.app.formsApi.storage;
      const tables = await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
        db,
      );
      expect(tables.rows.map((row) => row.name)).toContain('submissions');
      for (const { name } of tables.rows) {
        // Every value as it is stored: texts, and the bytes of bytea columns (uploads' contents).
        const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
          db,
        );
        const values = rows.rows.flatMap((row) => Object.values(row));
        expect(
          values.some((value) =>
            Buffer.isBuffer(value) ? value.includes(marker) : String(value).includes(marker),
          ),
          name,
        ).toBe(false);
      }
      // The file is in the database (ADR 0016), encrypted; nothing is left in the upload folder.
      const contents = await db.selectFrom('upload_contents').select('token').execute();
      expect(contents).toEqual([{ token: sent.token }]);
      expect(await filesUnder(test.config.uploadDir)).toEqual([]);
    } finally {
      await test.close();
    }
  });
});

describe('the master key', () => {
  it('must be set in production: the server says so and does not start', async () => {
    expect(() => loadMasterKey({ NODE_ENV: 'production' }, ROOT)).toThrow(
      /^SUBMISSIONS_KEY \(or SUBMISSIONS_KEY_FILE\) must be set in production/,
    );
    expect(() => loadMasterKey({ SUBMISSIONS_KEY: 'c2hvcnQ=' }, ROOT)).toThrow(
      'SUBMISSIONS_KEY must be 32 random bytes in base64 or hexadecimal: make one with `openssl rand -base64 32`',
    );
    const dist = await mkdtemp(join(tmpdir(), 'guichet-dist-'));
    try {
      await mkdir(join(dist, 'page-data'), { recursive: true });
      await writeFile(join(dist, 'page-data/app-data.json'), '{}');
      const run = spawnSync(process.execPath, [join(ROOT, 'server/main.ts')], {
        encoding: 'utf8',
        timeout: 20_000,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          SUBMISSIONS_KEY: '',
          SUBMISSIONS_KEY_FILE: '',
          DIST_DIR: dist,
          PORT: '0',
          STAFF_PORT: '0',
          DATABASE_URL: `sqlite:${join(dist, 'site.db')}`,
        },
      });
      // 78 (EX_CONFIG): a setting to fix, which the systemd unit does not restart.
      expect(run.status).toBe(78);
      expect(run.stderr).toMatch(
        /^SUBMISSIONS_KEY \(or SUBMISSIONS_KEY_FILE\) must be set in production/m,
      );
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
