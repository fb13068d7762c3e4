// The operators' commands: CSV export with formulas made inert, purge of old submissions and
// their files, and the command line itself.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../storage/database.ts';
import { insertSubmission } from './store.ts';
import type { CleanValues } from '../../src/forms/schema.ts';
import {
  csvCell,
  exportSubmissions,
  type ExportedSubmission,
  parseAge,
  purgeSubmissions,
} from './submissions.ts';
import {
  contactValues,
  createTestApp,
  PDF,
  postUpload,
  proofOfWork,
  ROOT,
  type TestApp,
} from './testing.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

async function submit(values: Record<string, unknown>) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/forms/contact',
    payload: { lang: 'fr', values, altcha: await proofOfWork(test.app) },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ reference: string }>().reference;
}

async function uploadPdf(name: string) {
  const response = await postUpload(test.app, name, PDF, { type: 'application/pdf' });
  expect(response.statusCode).toBe(201);
  return response.json<{ token: string }>().token;
}

const runCli = (args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, 'server/submissions-cli.ts'), ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DATABASE_URL: test.config.databaseUrl,
      UPLOAD_DIR: test.config.uploadDir,
    },
  });

describe('csvCell', () => {
  it('puts an apostrophe before what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell('+32 2 542 72 24')).toBe(`"'+32 2 542 72 24"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('plain, with a comma')).toBe('"plain, with a comma"');
    expect(csvCell('a 2nd line\nhere')).toBe('"a 2nd line\nhere"');
    expect(csvCell('no quoting')).toBe('no quoting');
  });
});

describe('export', () => {
  it('writes one CSV line per submission, scripts as text and formulas neutralised', async () => {
    const token = await uploadPdf('lettre.pdf');
    const reference = await submit(
      contactValues({
        name: '=cmd|" /C calc"!A0',
        message: '<script>alert(1)</script>\nSecond line, "quoted"',
        attachments: [token],
      }),
    );
    const form = test.app.formsApi.forms.get('contact');
    if (!form) throw new Error('no contact form');
    const csv = await exportSubmissions(test.app.formsApi.storage.db, form, 'csv');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'reference,created_at,lang,name,topic,message,replyBy,email,phone,attachments,consent',
    );
    expect(csv).toContain(`${reference},`);
    expect(csv).toContain(
      `,fr,"'=cmd|"" /C calc""!A0",financial-aid,"<script>alert(1)</script>\nSecond line, ""quoted""",email,reader@example.org,,lettre.pdf (${token}),yes\r\n`,
    );
    const json = JSON.parse(
      await exportSubmissions(test.app.formsApi.storage.db, form, 'json'),
    ) as ExportedSubmission[];
    expect(json.map((item) => [item.reference, item.lang])).toEqual([[reference, 'fr']]);
    expect(json[0]?.values.message).toBe('<script>alert(1)</script>\nSecond line, "quoted"');
    expect(json[0]?.files).toEqual({
      attachments: [{ name: 'lettre.pdf', token, type: 'application/pdf', size: PDF.length }],
    });
  });

  it('is what `npm run submissions -- export --form contact --format csv` prints', () => {
    const result = runCli(['export', '--form', 'contact', '--format', 'csv']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.split('\r\n')).toHaveLength(3);
    expect(result.stdout).toMatch(/^reference,created_at,lang,name,/);
  });

  it('names the forms when the form is unknown', () => {
    const result = runCli(['export', '--form', 'nope']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('No form "nope": the forms are callback, contact.\n');
  });
});

describe('purge', () => {
  it('parses ages in days and hours only', () => {
    expect(parseAge('180d')).toBe(180 * 24 * 3_600_000);
    expect(parseAge('12h')).toBe(12 * 3_600_000);
    expect(() => parseAge('6 months')).toThrow(
      '--older-than takes a number of days or hours, such as 180d or 12h, not "6 months"',
    );
  });

  it('deletes old submissions, their files and stale uploads, and keeps the rest', async () => {
    const { db } = test.app.formsApi.storage;
    const oldToken = await uploadPdf('old.pdf');
    const old = await insertSubmission(
      db,
      {
        formId: 'contact',
        lang: 'en',
        values: contactValues() as CleanValues,
        files: { attachments: [oldToken] },
        notify: true,
      },
      new Date('2020-01-01T00:00:00Z'),
    );
    expect(old.stored).toBe(true);
    const strayToken = await uploadPdf('stray.pdf');
    await db
      .updateTable('uploads')
      .set({ created_at: '2020-01-02T00:00:00.000Z' })
      .where('token', '=', strayToken)
      .execute();
    const keptToken = await uploadPdf('kept.pdf');
    const kept = await submit(contactValues({ attachments: [keptToken] }));
    const before = await countRows(db, 'submissions');

    const result = await purgeSubmissions(
      db,
      test.config.uploadDir,
      new Date('2021-01-01T00:00:00Z'),
    );
    expect(result).toEqual({ submissions: 1, files: 2 });
    expect(await countRows(db, 'submissions')).toBe(before - 1);
    expect(await countRows(db, 'outbox')).toBe(0);
    expect(existsSync(join(test.config.uploadDir, oldToken))).toBe(false);
    expect(existsSync(join(test.config.uploadDir, strayToken))).toBe(false);
    expect(existsSync(join(test.config.uploadDir, keptToken))).toBe(true);
    const ids = (await db.selectFrom('submissions').select('id').execute()).map((row) => row.id);
    expect(ids).toContain(kept);
  });

  it('is what `npm run submissions -- purge --older-than 180d` does', () => {
    const result = runCli(['purge', '--older-than', '180d']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('Deleted 0 submissions and 0 files.\n');
    const wrong = runCli(['purge', '--older-than', 'half a year']);
    expect(wrong.status).toBe(1);
  });
});
