// The sweep of unclaimed uploads (issue #14, item 4): on a clock passed in, what a day-old
// upload, a crash's leftovers and an expired proof become; and the timer inside the server.
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../storage/database.ts';
import { newUploadToken } from './store.ts';
import { sweepUploads } from './sweep.ts';
import {
  contactValues,
  createTestApp,
  PDF,
  postUpload,
  proofOfWork,
  type TestApp,
} from '../testing/forms-app.ts';

const HOUR = 3_600_000;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

/** A file in a folder of UPLOAD_DIR, last changed `hoursAgo` before `now`. */
async function leftover(folder: string, name: string, now: Date, hoursAgo: number) {
  await mkdir(folder, { recursive: true });
  const file = join(folder, name);
  await writeFile(file, PDF);
  const when = new Date(now.getTime() - hoursAgo * HOUR);
  await utimes(file, when, when);
  return file;
}

describe('sweepUploads', () => {
  it('deletes day-old unclaimed uploads, a crash’s leftovers and expired proofs, and nothing else', async () => {
    const { db } = test.app.formsApi.storage;
    const { uploadDir } = test.config;
    const now = new Date();
    const waiting = (await postUpload(test.app, 'waiting.pdf', PDF)).json<{ token: string }>()
      .token;
    const claimed = (await postUpload(test.app, 'claimed.pdf', PDF)).json<{ token: string }>()
      .token;
    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/forms/contact',
      payload: {
        values: contactValues({ attachments: [claimed] }),
        altcha: await proofOfWork(test.app),
      },
    });
    expect(sent.statusCode).toBe(201);
    // What a crash leaves: a file kept before its row was written, a half-received file.
    const stray = await leftover(uploadDir, newUploadToken(), now, 30);
    const freshStray = await leftover(uploadDir, newUploadToken(), now, 0.5);
    const partial = await leftover(join(uploadDir, 'partial'), newUploadToken(), now, 30);
    const notOurs = await leftover(uploadDir, 'README.txt', now, 30);
    await db
      .insertInto('used_proofs')
      .values([
        { signature: 'expired', expires_at: new Date(now.getTime() - HOUR).toISOString() },
        { signature: 'valid', expires_at: new Date(now.getTime() + 48 * HOUR).toISOString() },
      ])
      .execute();

    const early = await sweepUploads(db, uploadDir, new Date(now.getTime() + 23 * HOUR));
    // The proofs: the expired one, and the three this test spent (valid for 20 minutes).
    expect(early).toEqual({ uploads: 0, strayFiles: 2, proofs: 4 });
    expect(existsSync(join(uploadDir, waiting))).toBe(true);
    // A young file may be an upload whose row is being written.
    expect(existsSync(freshStray)).toBe(true);

    const late = await sweepUploads(db, uploadDir, new Date(now.getTime() + 25 * HOUR));
    expect(late).toEqual({ uploads: 1, strayFiles: 1, proofs: 0 });
    expect(existsSync(join(uploadDir, waiting))).toBe(false);
    expect(await db.selectFrom('uploads').select('token').execute()).toEqual([{ token: claimed }]);
    expect(existsSync(join(uploadDir, claimed))).toBe(true);
    expect([stray, partial, freshStray].map(existsSync)).toEqual([false, false, false]);
    // A file not named as an upload is not ours to delete.
    expect(existsSync(notOurs)).toBe(true);
    expect(await db.selectFrom('used_proofs').select('signature').execute()).toEqual([
      { signature: 'valid' },
    ]);
  });
});

describe('the sweep timer', () => {
  it('runs inside the server: an unclaimed upload goes without anyone calling purge', async () => {
    const app = await createTestApp({
      uploads: {
        perAddressBytes: 1024 * 1024 * 1024,
        perAddressWindowMs: 24 * HOUR,
        pendingBytes: 1024 * 1024 * 1024,
        orphanAgeMs: 0,
        sweepIntervalMs: 50,
      },
    });
    try {
      const upload = await postUpload(app.app, 'letter.pdf', PDF);
      // Accepted, and so written; the 50 ms sweep may already have removed it on a busy machine,
      // so its presence is not checked here (that race made this test flaky).
      expect(upload.statusCode).toBe(201);
      const file = join(app.config.uploadDir, upload.json<{ token: string }>().token);
      const deadline = Date.now() + 5_000;
      // Rows go first, then files: wait for both.
      while ((await countRows(app.app.formsApi.storage.db, 'uploads')) > 0 || existsSync(file)) {
        if (Date.now() > deadline) throw new Error('the sweep did not run');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await app.close();
    }
  });
});
