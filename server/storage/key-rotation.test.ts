// The master key (issue #39 item 5): a server with a key that does not open the stored data keys
// refuses to start and names the keys; `npm run staff -- rotate-key` re-wraps every data key
// under the new key while an instance keeps taking submissions, and says what it did, or what
// stops it, in a sentence.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openKeptFile } from '../forms/kept-files.ts';
import { createStaffApp } from '../staff/app.ts';
import {
  createTestApp,
  ROOT,
  submitWithFile,
  TEST_MASTER_KEY as KEY_A,
  TEST_MASTER_KEY_TEXT as KEY_A_TEXT,
  type TestApp,
} from '../testing/forms-app.ts';
import { openStorage, type Storage } from './database.ts';
import {
  newDataKey,
  newMasterKeyText,
  parseMasterKey,
  readSealed,
  sealText,
  unwrapDataKey,
  type MasterKey,
} from './encryption.ts';
import { loadMasterKey, storedKeyIds } from './master-key.ts';
import { rotateMasterKey } from './rotate-key.ts';

const KEY_B_TEXT = newMasterKeyText();
const KEY_B = parseMasterKey(KEY_B_TEXT);
/** The rotation's ring: B wraps, A still opens. */
const RING: MasterKey = { ...KEY_B, older: [KEY_A] };

let dir: string;
let databaseUrl: string;
let uploadDir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guichet-keys-'));
  databaseUrl = `sqlite:${join(dir, 'site.db')}`;
  uploadDir = join(dir, 'uploads');
  await mkdir(uploadDir);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The form API on the test's database and upload folder, with a master key (ring). */
const instance = (masterKey: MasterKey) => createTestApp({ databaseUrl, uploadDir, masterKey });

/** One submission with one file through the API; its status. */
const sendWithFile = async (test: TestApp): Promise<number> =>
  (await submitWithFile(test.app, 'letter.txt', 'a letter\n')).status;

/** `count` submissions written straight into the database under a master key. */
async function seed(storage: Storage, count: number, master: MasterKey) {
  const rows = Array.from({ length: count }, (_, index) => {
    const dataKey = newDataKey(master);
    return {
      id: `SEED-${String(index).padStart(6, '0')}`,
      form_id: 'contact',
      lang: 'en',
      data: sealText(dataKey.key, JSON.stringify({ message: `seeded ${String(index)}` })),
      wrapped_key: dataKey.wrapped,
      created_at: new Date().toISOString(),
      topic: null,
    };
  });
  for (let start = 0; start < rows.length; start += 200) {
    await storage.db
      .insertInto('submissions')
      .values(rows.slice(start, start + 200))
      .execute();
  }
}

/** `npm run staff -- rotate-key` on the test's database, with a key ring. */
function rotateKeyCommand(env: Record<string, string>) {
  const child = spawn(process.execPath, [join(ROOT, 'server/staff-cli.ts'), 'rotate-key'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, UPLOAD_DIR: uploadDir, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

describe('a server started with a master key that wraps none of the stored data keys', () => {
  it('refuses to start, naming the key ids it found and the one it was given', async () => {
    const first = await instance(KEY_A);
    expect(await sendWithFile(first)).toBe(201);
    await first.close();
    const wrong = parseMasterKey(newMasterKeyText());
    const expected = `SUBMISSIONS_KEY ${wrong.id} cannot open the stored data: the database holds data keys wrapped by master key ${KEY_A.id} (2), and none of the given keys is ${KEY_A.id}.`;
    await expect(instance(wrong)).rejects.toThrow(expected);
    const forms = { ...first.config, masterKey: wrong };
    await expect(
      createStaffApp({ forms, origin: 'http://localhost:8081', logLevel: 'silent' }),
    ).rejects.toThrow(expected);
    // The server's own start: one sentence on standard error, no stack trace, exit code 1.
    await mkdir(join(dir, 'dist/page-data'), { recursive: true });
    await writeFile(join(dir, 'dist/page-data/app-data.json'), '{}');
    const run = spawnSync(process.execPath, [join(ROOT, 'server/main.ts')], {
      encoding: 'utf8',
      timeout: 20_000,
      env: {
        ...process.env,
        DIST_DIR: join(dir, 'dist'),
        SUBMISSIONS_KEY: KEY_B_TEXT,
        DATABASE_URL: databaseUrl,
        UPLOAD_DIR: uploadDir,
        PORT: '0',
        STAFF_PORT: '0',
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^SUBMISSIONS_KEY ${KEY_B.id} cannot open the stored data: .* ${KEY_A.id} \\(2\\)`,
        'm',
      ),
    );
    expect(run.stderr).not.toMatch(/^\s+at /m);
    // With the key that wrapped them in the ring, it starts.
    const back = await instance({ ...wrong, older: [KEY_A] });
    await back.close();
  }, 60_000); // It starts server/main.ts: over 5 s on a loaded machine.
});

describe('npm run staff -- rotate-key', () => {
  it('re-wraps every data key under the new key while an instance takes submissions', async () => {
    const before = await instance(KEY_A);
    expect(await sendWithFile(before)).toBe(201);
    await seed(before.app.formsApi.storage, 1500, KEY_A);
    await before.close();
    // The instance restarted with the ring (SUBMISSIONS_KEY=B, SUBMISSIONS_OLD_KEYS=A).
    const running = await instance(RING);
    const statuses: number[] = [];
    const rotation = { running: true };
    const visitors = (async () => {
      while (rotation.running) statuses.push(await sendWithFile(running));
    })();
    const rotated = await rotateKeyCommand({
      SUBMISSIONS_KEY: KEY_B_TEXT,
      SUBMISSIONS_OLD_KEYS: KEY_A_TEXT,
    });
    rotation.running = false;
    await visitors;
    expect(rotated.stderr).toBe('');
    expect(rotated.stdout).toBe(
      `Re-wrapped 1502 under master key ${KEY_A.id}: now under master key ${KEY_B.id}.\nThe inbox's reply channel and search tokens filled in for 1501 submissions (master key ${KEY_B.id}).\nNo data key is left under master key ${KEY_A.id}. Remove it from SUBMISSIONS_OLD_KEYS (or the key file) on every instance when you next restart them, then destroy it.\n`,
    );
    expect(rotated.code).toBe(0);
    // No visitor saw an error.
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([201]));
    const { db } = running.app.formsApi.storage;
    expect([...(await storedKeyIds(db)).keys()]).toEqual([KEY_B.id]);
    // Every row opens with the new key alone.
    for (const row of await db
      .selectFrom('submissions')
      .select(['data', 'wrapped_key'])
      .execute()) {
      expect(JSON.parse(readSealed(KEY_B, row.wrapped_key, row.data))).toHaveProperty('message');
    }
    const uploads = await db
      .selectFrom('uploads')
      .select(['token', 'file_name', 'wrapped_key'])
      .execute();
    expect(uploads.length).toBe(statuses.length + 1);
    for (const upload of uploads) {
      expect(readSealed(KEY_B, upload.wrapped_key, upload.file_name)).toBe('letter.txt');
      const key = unwrapDataKey(KEY_B, upload.wrapped_key ?? '');
      const { stream } = await openKeptFile(db, uploadDir, upload.token, key);
      expect((await buffer(stream)).toString()).toBe('a letter\n');
    }
    await running.close();
    // The old key can go: a server with the new key alone starts.
    const after = await instance(KEY_B);
    await after.close();
  }, 60_000);

  it('says in a sentence, without a stack trace, when it has nothing to rotate with', async () => {
    const first = await instance(KEY_A);
    expect(await sendWithFile(first)).toBe(201);
    await first.close();
    const alone = await rotateKeyCommand({ SUBMISSIONS_KEY: KEY_A_TEXT });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(
      /^rotate-key re-wraps under SUBMISSIONS_KEY \(\w{8}\) what older keys wrapped, and no older key is given\./,
    );
    const wrong = await rotateKeyCommand({ SUBMISSIONS_KEY: newMasterKeyText() });
    expect(wrong.code).toBe(2);
    const stranger = await rotateKeyCommand({
      SUBMISSIONS_KEY: KEY_B_TEXT,
      SUBMISSIONS_OLD_KEYS: newMasterKeyText(),
    });
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toBe(
      `Data keys wrapped by a key that was not given stay as they are (2 under master key ${KEY_A.id}): add that key to SUBMISSIONS_OLD_KEYS and run rotate-key again.\n`,
    );
    for (const run of [alone, wrong, stranger]) expect(run.stderr).not.toMatch(/^\s+at /m);
  }, 30_000);

  it('reports the data keys an instance still writes under the old key', async () => {
    const storage = await openStorage(databaseUrl, ROOT);
    try {
      await seed(storage, 3, KEY_A);
      const report = await rotateMasterKey(storage.db, RING, { passes: 0 });
      expect(report.remaining).toEqual(new Map([[KEY_A.id, 3]]));
      expect((await rotateMasterKey(storage.db, RING)).rewrapped).toEqual(new Map([[KEY_A.id, 3]]));
    } finally {
      await storage.close();
    }
  });
});

describe('the key ring', () => {
  it('is SUBMISSIONS_KEY with SUBMISSIONS_OLD_KEYS, or the lines of SUBMISSIONS_KEY_FILE', async () => {
    const ring = loadMasterKey(
      { SUBMISSIONS_KEY: KEY_B_TEXT, SUBMISSIONS_OLD_KEYS: `${KEY_A_TEXT}, ${KEY_B_TEXT}` },
      ROOT,
    );
    expect([ring.id, ...(ring.older ?? []).map((key) => key.id)]).toEqual([KEY_B.id, KEY_A.id]);
    const file = join(dir, 'keys');
    await writeFile(file, `# rotated on 2026-11-26\n${KEY_B_TEXT}\n${KEY_A_TEXT}\n`);
    const fromFile = loadMasterKey({ SUBMISSIONS_KEY_FILE: file }, ROOT);
    expect([fromFile.id, ...(fromFile.older ?? []).map((key) => key.id)]).toEqual([
      KEY_B.id,
      KEY_A.id,
    ]);
    // Wraps with the first, opens with either.
    const dataKey = newDataKey(fromFile);
    expect(dataKey.wrapped.startsWith(`${KEY_B.id}.`)).toBe(true);
    expect(unwrapDataKey(fromFile, newDataKey(KEY_A).wrapped)).toHaveLength(32);
  });
});
