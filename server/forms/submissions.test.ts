// The operators' commands: CSV and XLSX export with formulas made inert (issue #14, item 3),
// purge of old submissions and their files, and the command line itself.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { countRows } from '../storage/database.ts';
import { SUBMISSION_ROWS } from './deletion.ts';
import { insertSubmission } from './store.ts';
import type { CleanValues } from '../../src/forms/schema.ts';
import { csvCell } from './spreadsheet.ts';
import {
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
  TEST_MASTER_KEY,
  TEST_MASTER_KEY_TEXT,
} from '../testing/forms-app.ts';

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
      SUBMISSIONS_KEY: TEST_MASTER_KEY_TEXT,
    },
  });

/** Parses RFC 4180 CSV (quoted cells, doubled quotes, CRLF) as a spreadsheet would. */
function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (quoted) {
      if (char === '"' && text.charAt(index + 1) === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text.charAt(index + 1) === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += char;
  }
  return rows;
}

// A cell is safe when no piece of it, cut at any character a spreadsheet may split on, starts a
// formula.
const startsFormula = (cell: string) =>
  cell.split(/[;,\t\r\n]/).some((piece) => /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/.test(piece));

const INJECTIONS = {
  name: 'Jan;=2+5;',
  message: 'a,+1\n-2\t@SUM(A1)\r=1 and ＝HYPERLINK("http://evil.example")',
  phone: '',
};

describe('csvCell', () => {
  it('quotes every cell and puts an apostrophe before each formula start, also after a delimiter', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell('+32 2 542 72 24')).toBe(`"'+32 2 542 72 24"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    // The regression: Belgian Excel splits on ";", so this was a formula in the second cell.
    expect(csvCell('Jan;=2+5;')).toBe(`"Jan;'=2+5;"`);
    expect(csvCell('a,+1\n-2')).toBe(`"a,'+1\n'-2"`);
    expect(csvCell('plain, with a comma')).toBe('"plain, with a comma"');
    expect(csvCell('no quoting needed')).toBe('"no quoting needed"');
    expect(csvCell('NUL\u0000 and \u0007bell')).toBe('"NUL and bell"');
  });
});

describe('export', () => {
  it('writes CSV that a spreadsheet reads back cell by cell, with no formula anywhere', async () => {
    const token = await uploadPdf('lettre.pdf');
    const reference = await submit(
      contactValues({
        name: '=cmd|" /C calc"!A0',
        message: '<script>alert(1)</script>\nSecond line, "quoted"',
        attachments: [token],
      }),
    );
    const injected = await submit(contactValues(INJECTIONS));
    const form = test.app.formsApi.forms.get('contact');
    if (!form) throw new Error('no contact form');
    for (const delimiter of [';', ',', '\t'] as const) {
      const csv = await exportSubmissions(test.app.formsApi.storage.db, form, 'csv', {
        delimiter,
        masterKey: TEST_MASTER_KEY,
      });
      expect(csv.startsWith('\ufeff')).toBe(true);
      const rows = parseCsv(csv.slice(1), delimiter);
      expect(rows[0]).toEqual([
        'reference',
        'created_at',
        'lang',
        'name',
        'topic',
        'message',
        'replyBy',
        'email',
        'phone',
        // The safe-contact choices of an answer by phone (issue 41).
        'safeTimes',
        'voicemail',
        'sayWhoWeAre',
        'attachments',
        'consent',
      ]);
      expect(rows.slice(1).map((row) => row.length)).toEqual([14, 14]);
      expect(rows[1]?.[0]).toBe(reference);
      expect(rows[1]?.slice(2)).toEqual([
        'fr',
        `'=cmd|" /C calc"!A0`,
        'financial-aid',
        '<script>alert(1)</script>\nSecond line, "quoted"',
        'email',
        'reader@example.org',
        '',
        '',
        '',
        '',
        `lettre.pdf (${token})`,
        'yes',
      ]);
      expect(rows[2]?.[0]).toBe(injected);
      expect(rows[2]?.[3]).toBe("Jan;'=2+5;");
      expect(rows.flat().filter(startsFormula)).toEqual([]);
    }
    const json = JSON.parse(
      await exportSubmissions(test.app.formsApi.storage.db, form, 'json', {
        masterKey: TEST_MASTER_KEY,
      }),
    ) as ExportedSubmission[];
    expect(json.map((item) => [item.reference, item.lang])).toEqual([
      [reference, 'fr'],
      [injected, 'fr'],
    ]);
    expect(json[0]?.values.message).toBe('<script>alert(1)</script>\nSecond line, "quoted"');
    expect(json[0]?.files).toEqual({
      attachments: [{ name: 'lettre.pdf', token, type: 'application/pdf', size: PDF.length }],
    });
  });

  it('writes XLSX whose every cell is text, with the reader’s words exactly as typed', async () => {
    const form = test.app.formsApi.forms.get('contact');
    if (!form) throw new Error('no contact form');
    const xlsx = await exportSubmissions(test.app.formsApi.storage.db, form, 'xlsx', {
      masterKey: TEST_MASTER_KEY,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from(xlsx));
    const sheet = workbook.getWorksheet('contact');
    if (!sheet) throw new Error('no sheet named contact');
    expect(sheet.rowCount).toBe(3);
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row) => {
      row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell));
    });
    expect(cells).toHaveLength(42);
    for (const cell of cells) {
      expect(cell.type, cell.address).toBe(ExcelJS.ValueType.String);
      expect(cell.numFmt, cell.address).toBe('@');
      expect(cell.formula, cell.address).toBeUndefined();
    }
    expect(sheet.getCell('D2').value).toBe('=cmd|" /C calc"!A0');
    expect(sheet.getCell('D3').value).toBe(INJECTIONS.name);
    // A cell's line breaks are \n in a workbook.
    expect(sheet.getCell('F3').value).toBe(INJECTIONS.message.replace('\r', '\n'));
  });

  it('is what `npm run submissions -- export --form contact` prints or writes', async () => {
    const result = runCli(['export', '--form', 'contact']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.split('\r\n')).toHaveLength(4);
    expect(result.stdout).toMatch(/^\ufeff"reference";"created_at";"lang";"name";/);
    const tab = runCli(['export', '--form', 'contact', '--delimiter', 'tab']);
    expect(tab.stdout).toMatch(/^\ufeff"reference"\t"created_at"\t/);
    const wrong = runCli(['export', '--form', 'contact', '--delimiter', '|']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toBe('--delimiter takes ";", "," or tab, not "|"\n');
    // XLSX is a file, never bytes on a terminal.
    expect(runCli(['export', '--form', 'contact', '--format', 'xlsx']).status).toBe(2);
    const output = join(test.dir, 'contact.xlsx');
    const written = runCli(['export', '--form', 'contact', '--format', 'xlsx', '--output', output]);
    expect(written.status).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(output);
    expect(workbook.getWorksheet('contact')?.rowCount).toBe(3);
  }, 60_000);

  it('names the forms when the form is unknown', () => {
    const result = runCli(['export', '--form', 'nope']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'No form "nope": the forms are callback, contact, feedback, reply.\n',
    );
  }, 60_000);
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
        masterKey: TEST_MASTER_KEY,
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

  it('deletes an old submission’s notes, conversation and sessions itself, cascades off', async () => {
    const { db } = test.app.formsApi.storage;
    const old = await insertSubmission(
      db,
      {
        formId: 'contact',
        lang: 'en',
        values: contactValues() as CleanValues,
        files: {},
        notify: false,
        masterKey: TEST_MASTER_KEY,
      },
      new Date('2019-01-01T00:00:00Z'),
    );
    if (!old.stored) throw new Error('not stored');
    const id = old.reference;
    const at = '2019-01-02T00:00:00.000Z';
    await db
      .insertInto('submission_notes')
      .values({ id: 'note-1', submission_id: id, member_id: 'm', at, text: 'x' })
      .execute();
    await db
      .insertInto('conversation_messages')
      .values({
        id: 'msg-1',
        submission_id: id,
        author: 'desk',
        channel: 'page',
        member_id: null,
        at,
        text: 'x',
      })
      .execute();
    await db
      .insertInto('conversation_mail')
      .values({
        id: 'mail-1',
        submission_id: id,
        kind: 'answer',
        recipient: 'x',
        message_id: null,
        created_at: at,
        attempts: 0,
        next_attempt_at: at,
        sent_at: null,
        last_error: null,
      })
      .execute();
    await db
      .insertInto('follow_up_sessions')
      .values({ token_hash: 'hash-1', submission_id: id, created_at: at, expires_at: at })
      .execute();
    // A connection without SQLite's cascade: the purge must name every row itself.
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    try {
      await purgeSubmissions(db, test.config.uploadDir, new Date('2020-01-01T00:00:00Z'));
    } finally {
      await sql`PRAGMA foreign_keys = ON`.execute(db);
    }
    const left = [];
    for (const table of SUBMISSION_ROWS) {
      const rows = await db
        .selectFrom(table)
        .select('submission_id')
        .where('submission_id', '=', id)
        .execute();
      if (rows.length) left.push(`${table}: ${String(rows.length)}`);
    }
    expect(left).toEqual([]);
  });

  it('is what `npm run submissions -- purge --older-than 180d` does', () => {
    const result = runCli(['purge', '--older-than', '180d']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('Deleted 0 submissions and 0 files.\n');
    const wrong = runCli(['purge', '--older-than', 'half a year']);
    expect(wrong.status).toBe(1);
    // Two Node processes that each open the database: over 5 s on a loaded CI machine.
  }, 60_000);
});
