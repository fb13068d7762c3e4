// Retention (issue #16): the hourly sweep deletes each form's submissions past its retentionDays
// (180 by default), with their files, leaving an audit line without content.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formDefinitionSchema } from '../../src/forms/definition.ts';
import {
  contactValues,
  createTestApp,
  PDF,
  postUpload,
  TEST_MASTER_KEY,
  type TestApp,
} from '../testing/forms-app.ts';
import { applyRetention } from './retention.ts';
import { insertSubmission } from './store.ts';

const DAY = 24 * 3_600_000;
const NOW = new Date('2026-11-24T12:00:00Z');
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

async function storeAged(formId: string, days: number, files: Record<string, string[]> = {}) {
  const values =
    formId === 'contact'
      ? contactValues({ message: `written ${String(days)} days ago` })
      : { name: 'Sam', phone: '+32 2 542 72 24', consent: true };
  const result = await insertSubmission(
    test.app.formsApi.storage.db,
    {
      formId,
      lang: 'nl',
      values: values as never,
      files,
      notify: true,
      masterKey: TEST_MASTER_KEY,
    },
    new Date(NOW.getTime() - days * DAY),
  );
  if (!result.stored) throw new Error(`not stored: ${result.reason}`);
  return result.reference;
}

it('deletes what is past its form’s retention, with its files, and keeps an audit line without content', async () => {
  const { db } = test.app.formsApi.storage;
  const upload = await postUpload(test.app, 'letter.pdf', PDF, { type: 'application/pdf' });
  const { token } = upload.json<{ token: string }>();
  const old = await storeAged('contact', 181, { attachments: [token] });
  const recent = await storeAged('contact', 179);
  const oldCallback = await storeAged('callback', 31);
  const recentCallback = await storeAged('callback', 29);
  // The callback form keeps its requests 30 days.
  const forms = new Map(test.app.formsApi.forms);
  const callback = forms.get('callback');
  if (!callback) throw new Error('no callback form');
  forms.set('callback', { ...callback, retentionDays: 30 });

  expect(await applyRetention(db, test.config.uploadDir, forms, NOW)).toBe(2);
  const left = await db.selectFrom('submissions').select('id').orderBy('id').execute();
  expect(left.map((row) => row.id).sort()).toEqual([recent, recentCallback].sort());
  expect(
    await db.selectFrom('uploads').select('token').where('token', '=', token).execute(),
  ).toEqual([]);
  expect(await readdir(test.config.uploadDir)).not.toContain(token);
  expect(
    await db
      .selectFrom('outbox')
      .select('submission_id')
      .where('submission_id', 'in', [old, oldCallback])
      .execute(),
  ).toEqual([]);
  const lines = await db
    .selectFrom('audit_log')
    .select(['member_id', 'action', 'submission_id', 'detail'])
    .where('action', '=', 'purged')
    .orderBy('detail')
    .execute();
  expect(lines).toEqual([
    { member_id: null, action: 'purged', submission_id: old, detail: 'retention 180 days' },
    { member_id: null, action: 'purged', submission_id: oldCallback, detail: 'retention 30 days' },
  ]);
  // A second instance sweeping the same database finds nothing left to do.
  expect(await applyRetention(db, test.config.uploadDir, forms, NOW)).toBe(0);
});

it('is a whole number of days between 1 and 3650 in a form’s YAML', () => {
  const form = {
    title: { nl: 'a', fr: 'a', de: 'a', en: 'a' },
    submit: { nl: 'a', fr: 'a', de: 'a', en: 'a' },
    fields: [{ type: 'text', name: 'name', label: { nl: 'a', fr: 'a', de: 'a', en: 'a' } }],
  };
  expect(formDefinitionSchema.safeParse({ ...form, retentionDays: 90 }).success).toBe(true);
  for (const wrong of [0, 1.5, 4000, '180d']) {
    expect(
      formDefinitionSchema.safeParse({ ...form, retentionDays: wrong }).success,
      String(wrong),
    ).toBe(false);
  }
});
