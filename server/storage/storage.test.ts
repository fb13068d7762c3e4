// The storage on both databases: SQLite (a temporary file) and PostgreSQL (a throwaway cluster of
// the machine's own PostgreSQL): migrations, one-transaction submissions, claims, purge, the API.
// The crash test, on both too, is server/forms/crash.test.ts.
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CleanValues } from '../../src/forms/schema.ts';
import { insertSubmission, insertUpload, newUploadToken } from '../forms/store.ts';
import { purgeSubmissions } from '../forms/submissions.ts';
import {
  contactValues,
  createTestApp,
  proofOfWork,
  ROOT,
  solve,
  TEST_MASTER_KEY,
} from '../testing/forms-app.ts';
import { countRows, openStorage, type Storage } from './database.ts';
import { folderAndPostgres } from '../testing/folder-and-postgres.ts';

const scratch = folderAndPostgres('guichet-storage-');

const urls = {
  sqlite: () => `sqlite:${join(scratch.dir, 'site.db')}`,
  postgres: () => scratch.postgres.url,
};

const values = contactValues() as CleanValues;

async function waitingUpload(storage: Storage, formId = 'contact') {
  const token = newUploadToken();
  await insertUpload(storage.db, {
    token,
    form_id: formId,
    field: 'attachments',
    file_name: 'letter.pdf',
    media_type: 'application/pdf',
    size: 10,
    created_at: new Date().toISOString(),
    submission_id: null,
    wrapped_key: null,
  });
  return token;
}

describe.each(['sqlite', 'postgres'] as const)('on %s', (dialect) => {
  let storage: Storage;
  beforeAll(async () => {
    // Opened twice: the second run of the migrations finds nothing to do.
    await (await openStorage(urls[dialect](), ROOT)).close();
    storage = await openStorage(urls[dialect](), ROOT);
  });
  afterAll(async () => {
    await storage.close();
  });

  it('opens with the right dialect and empty tables', async () => {
    expect(storage.dialect).toBe(dialect);
    expect(await countRows(storage.db, 'submissions')).toBe(0);
  });

  it('stores a submission, claims its files and queues its notification together', async () => {
    const token = await waitingUpload(storage);
    const result = await insertSubmission(storage.db, {
      formId: 'contact',
      lang: 'nl',
      values: { ...values, attachments: [token] },
      files: { attachments: [token] },
      notify: true,
      masterKey: TEST_MASTER_KEY,
    });
    if (!result.stored) throw new Error('not stored');
    const upload = await storage.db
      .selectFrom('uploads')
      .select('submission_id')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(upload.submission_id).toBe(result.reference);
    const outbox = await storage.db
      .selectFrom('outbox')
      .select(['form_id', 'attempts', 'sent_at'])
      .where('submission_id', '=', result.reference)
      .execute();
    expect(outbox).toEqual([{ form_id: 'contact', attempts: 0, sent_at: null }]);
  });

  it('lets only one of two simultaneous submissions claim the same file, stores nothing of the other, and stores a third sent with them', async () => {
    const token = await waitingUpload(storage);
    const other = await waitingUpload(storage);
    const before = await countRows(storage.db, 'submissions');
    const submission = {
      formId: 'contact',
      lang: 'en',
      values,
      files: { attachments: [token] },
      notify: true,
      masterKey: TEST_MASTER_KEY,
    };
    // Sent together, the three go into one transaction (group commit): the refused one must
    // undo only its own rows, and give back the file it had taken before finding one gone.
    const results = await Promise.all([
      insertSubmission(storage.db, submission),
      insertSubmission(storage.db, { ...submission, files: { attachments: [other, token] } }),
      insertSubmission(storage.db, { ...submission, files: {} }),
    ]);
    expect(results.map((result) => result.stored)).toEqual([true, false, true]);
    expect(results[1]).toEqual({ stored: false, reason: 'files', missingFiles: ['attachments'] });
    expect(await countRows(storage.db, 'submissions')).toBe(before + 2);
    const claims = await storage.db
      .selectFrom('uploads')
      .select(['token', 'submission_id'])
      .where('token', 'in', [token, other])
      .execute();
    const first = results[0].stored ? results[0].reference : 'none';
    expect(Object.fromEntries(claims.map((claim) => [claim.token, claim.submission_id]))).toEqual({
      [token]: first,
      [other]: null,
    });
    const references = results.flatMap((result) => (result.stored ? [result.reference] : []));
    const notified = await storage.db
      .selectFrom('outbox')
      .select('submission_id')
      .where('submission_id', 'in', references)
      .execute();
    expect(notified).toHaveLength(2);
  });

  it('refuses a file of another form', async () => {
    const token = await waitingUpload(storage, 'callback');
    const result = await insertSubmission(storage.db, {
      formId: 'contact',
      lang: 'en',
      values,
      files: { attachments: [token] },
      notify: false,
      masterKey: TEST_MASTER_KEY,
    });
    expect(result).toEqual({ stored: false, reason: 'files', missingFiles: ['attachments'] });
  });

  it('purges old submissions with their uploads and notifications', async () => {
    const token = await waitingUpload(storage);
    const old = await insertSubmission(
      storage.db,
      {
        formId: 'contact',
        lang: 'en',
        values,
        files: { attachments: [token] },
        notify: true,
        masterKey: TEST_MASTER_KEY,
      },
      new Date('2020-01-01T00:00:00Z'),
    );
    expect(old.stored).toBe(true);
    const submissions = await countRows(storage.db, 'submissions');
    const outbox = await countRows(storage.db, 'outbox');
    const result = await purgeSubmissions(
      storage.db,
      join(scratch.dir, 'uploads'),
      new Date('2021-01-01T00:00:00Z'),
    );
    expect(result).toEqual({ submissions: 1, files: 1 });
    expect(await countRows(storage.db, 'submissions')).toBe(submissions - 1);
    expect(await countRows(storage.db, 'outbox')).toBe(outbox - 1);
  });

  it('accepts a proof of work once: across a restart, and across two servers sharing the database (item 8)', async () => {
    const shared = { databaseUrl: urls[dialect](), secret: 'shared by both servers' };
    let first = await createTestApp(shared);
    const second = await createTestApp(shared);
    try {
      const post = (app: typeof first, altcha: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/forms/contact',
          payload: { values: contactValues(), altcha },
        });
      const challenge = await first.app.inject({ method: 'GET', url: '/api/challenge' });
      const altcha = await solve(challenge.json());
      expect((await post(first, altcha)).statusCode).toBe(201);
      expect((await post(second, altcha)).statusCode).toBe(422);
      await first.close();
      first = await createTestApp(shared);
      expect((await post(first, altcha)).statusCode).toBe(422);
      // Sent to both at the same moment: one is stored, the other refused.
      const fresh = await solve(
        (await second.app.inject({ method: 'GET', url: '/api/challenge' })).json(),
      );
      const together = await Promise.all([post(first, fresh), post(second, fresh)]);
      expect(together.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('serves the form API: 201 and the submission is stored', async () => {
    const test = await createTestApp({ databaseUrl: urls[dialect]() });
    try {
      const before = await countRows(test.app.formsApi.storage.db, 'submissions');
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/forms/contact',
        payload: { values: contactValues(), altcha: await proofOfWork(test.app) },
      });
      expect(response.statusCode).toBe(201);
      expect(await countRows(test.app.formsApi.storage.db, 'submissions')).toBe(before + 1);
    } finally {
      await test.close();
    }
  });
});

describe('a storage error on SQLite (item 5)', () => {
  it('reaches the caller as itself, not as "cannot rollback - no transaction is active"', async () => {
    const storage = await openStorage(`sqlite:${join(scratch.dir, 'full.db')}`, ROOT);
    try {
      // SQLite undoes the whole transaction on SQLITE_FULL; the ROLLBACK after it used to fail
      // and hide the cause.
      const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(storage.db);
      await sql.raw(`PRAGMA max_page_count = ${rows[0]?.page_count ?? 0}`).execute(storage.db);
      const big = { ...values, message: 'x'.repeat(20_000) };
      const submission = {
        formId: 'contact',
        lang: 'en',
        values: big,
        files: {},
        notify: false,
        masterKey: TEST_MASTER_KEY,
      };
      const error: unknown = await insertSubmission(storage.db, submission).catch(
        (thrown: unknown) => thrown,
      );
      expect(error).toMatchObject({ errcode: 13, message: 'database or disk is full' });
      // And the database works on once there is room.
      await sql.raw('PRAGMA max_page_count = 1000000').execute(storage.db);
      expect((await insertSubmission(storage.db, submission)).stored).toBe(true);
    } finally {
      await storage.close();
    }
  });
});
