// Erasure that erases (issue #39 item 3): after "Delete this submission" and after a retention
// purge, no byte of the submission's ciphertext, of its notes, of its file's name, of its file,
// and none of the wrapped data keys that the master key would open is left in SQLite's files
// (the database, its WAL and shared memory, freed pages included) or in the upload folder.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadForms } from '../../src/content/forms.ts';
import { applyRetention } from '../forms/retention.ts';
import {
  createTestApp,
  ROOT,
  submitWithFile,
  TEST_MASTER_KEY,
  type TestApp,
} from '../testing/forms-app.ts';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';
import { addNote } from '../staff/notes.ts';

let forms: TestApp;
let staff: StaffTestApp;
beforeEach(async () => {
  forms = await createTestApp();
  // The back office on the same database and upload folder, as `npm start` runs them.
  staff = await createStaffTestApp({ config: forms.config });
  await staff.member('admin-1', 'admin');
});
afterEach(async () => {
  await staff.close();
  await forms.close();
});

/** Sends a submission with a file; writes a note on it; its reference. */
async function send(message: string): Promise<string> {
  const { reference } = await submitWithFile(forms.app, 'scan.txt', `${message} (file)\n`, {
    message,
  });
  const { db } = forms.app.formsApi.storage;
  await addNote(db, reference, 'admin-1', `Note on ${message}`, TEST_MASTER_KEY);
  return reference;
}

/** Every stored string of a submission that the master key would open, and its file's bytes. */
async function tracesOf(reference: string): Promise<Buffer[]> {
  const { db } = forms.app.formsApi.storage;
  const row = await db
    .selectFrom('submissions')
    .select(['data', 'wrapped_key'])
    .where('id', '=', reference)
    .executeTakeFirstOrThrow();
  const upload = await db
    .selectFrom('uploads')
    .select(['token', 'file_name', 'wrapped_key'])
    .where('submission_id', '=', reference)
    .executeTakeFirstOrThrow();
  const notes = await db
    .selectFrom('submission_notes')
    .select('text')
    .where('submission_id', '=', reference)
    .execute();
  const file = await readFile(join(forms.config.uploadDir, upload.token));
  const texts = [row.data, row.wrapped_key, upload.file_name, upload.wrapped_key];
  // A slice from the middle of each: base64 as stored, long enough to be unique.
  return [
    ...[...texts, ...notes.map((note) => note.text)].map((text) =>
      Buffer.from(String(text).slice(20, 60)),
    ),
    file.subarray(12, 40),
  ];
}

/** What is left on disk: SQLite's three files and every file under the upload folder. */
async function onDisk(): Promise<{ name: string; bytes: Buffer }[]> {
  const files = [];
  for (const name of (await readdir(forms.dir)).filter((entry) => entry.startsWith('site.db'))) {
    files.push({ name, bytes: await readFile(join(forms.dir, name)) });
  }
  const uploads = await readdir(forms.config.uploadDir, { recursive: true, withFileTypes: true });
  for (const entry of uploads.filter((item) => item.isFile())) {
    files.push({ name: entry.name, bytes: await readFile(join(entry.parentPath, entry.name)) });
  }
  return files;
}

async function expectNoTrace(traces: Buffer[]) {
  const files = await onDisk();
  expect(files.map((file) => file.name)).toContain('site.db');
  for (const { name, bytes } of files) {
    traces.forEach((trace, index) => {
      expect(bytes.includes(trace), `trace ${String(index)} in ${name}`).toBe(false);
    });
  }
}

describe('a deleted submission', () => {
  it('leaves nothing the master key could open, after “Delete this submission”', async () => {
    // Others stay, on the same pages: only the deleted one's bytes must go.
    for (let index = 0; index < 5; index++) await send(`kept message ${String(index)}`);
    const reference = await send('a visitor asked us to erase this');
    const traces = await tracesOf(reference);
    const { cookie, csrf } = await staff.sessionOf('admin-1');
    const deleted = await staff.app.inject({
      method: 'POST',
      url: `/staff/submissions/${reference}/delete`,
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      payload: { csrf, confirm: 'yes' },
    });
    expect(deleted.statusCode).toBe(303);
    await expectNoTrace(traces);
  });

  it('leaves nothing the master key could open, after the retention purge', async () => {
    const references = [await send('old message one'), await send('old message two')];
    const traces = (await Promise.all(references.map(tracesOf))).flat();
    const forms180 = new Map(Object.entries(loadForms(join(ROOT, 'content/forms'))));
    const later = new Date(Date.now() + 400 * 24 * 3_600_000);
    const { db } = forms.app.formsApi.storage;
    expect(await applyRetention(db, forms.config.uploadDir, forms180, later)).toBe(2);
    await expectNoTrace(traces);
  });
});
