// The inbox's export (issue 42): the filtered list as a table in the member's language, with the
// status, handler and notes; its files as one ZIP; who may export; and the audit line of each.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDataKey, sealingStream, sealText } from '../storage/encryption.ts';
import { parseCsv, unzip } from '../testing/export-reading.ts';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';
import { filterWords } from './exports.ts';
import { addNote } from './notes.ts';

let staff: StaffTestApp;

/** Stores a submission sealed like the form API does, with its files sealed in UPLOAD_DIR. */
async function submission(
  id: string,
  row: { form: string; lang: string; status: string; at: string; assignee?: string },
  values: Record<string, unknown>,
  files: { name: string; body: string; message?: boolean }[] = [],
) {
  const { db } = staff.app.staffStorage;
  const { key, wrapped } = newDataKey(staff.config.masterKey);
  await db
    .insertInto('submissions')
    .values({
      id,
      form_id: row.form,
      lang: row.lang,
      status: row.status,
      created_at: row.at,
      topic: typeof values.topic === 'string' ? values.topic : null,
      assignee_id: row.assignee ?? null,
      data: sealText(key, JSON.stringify(values)),
      wrapped_key: wrapped,
    })
    .execute();
  for (const [index, file] of files.entries()) {
    const token = `${id}-file-${index}`;
    await pipeline(
      Readable.from([Buffer.from(file.body)]),
      sealingStream(key),
      createWriteStream(join(staff.config.uploadDir, token)),
    );
    await db
      .insertInto('uploads')
      .values({
        token,
        form_id: row.form,
        field: 'attachments',
        file_name: sealText(key, file.name),
        media_type: 'text/plain',
        size: Buffer.byteLength(file.body),
        created_at: row.at,
        submission_id: id,
        wrapped_key: wrapped,
        message_id: file.message ? `${id}-message` : null,
      })
      .execute();
  }
}

const get = async (memberId: string, query: string) => {
  const { cookie } = await staff.sessionOf(memberId);
  return staff.app.inject({ url: `/staff/export?${query}`, headers: { cookie } });
};

const auditDetails = async () =>
  (
    await staff.app.staffStorage.db
      .selectFrom('audit_log')
      .select(['member_id', 'detail'])
      .where('action', '=', 'exported')
      .orderBy('at')
      .orderBy('id')
      .execute()
  ).map((line) => `${line.member_id}: ${line.detail}`);

beforeAll(async () => {
  staff = await createStaffTestApp();
  await staff.member('admin-en', 'admin');
  await staff.member('admin-fr', 'admin');
  await staff.member('agent-1', 'agent');
  const { db } = staff.app.staffStorage;
  await db.updateTable('staff_members').set({ lang: 'fr' }).where('id', '=', 'admin-fr').execute();
  await submission(
    'AAAA-AAAA-AA',
    {
      form: 'contact',
      lang: 'nl',
      status: 'in_progress',
      at: '2026-11-02T09:05:00.000Z',
      assignee: 'agent-1',
    },
    {
      name: '=HYPERLINK("http://evil.example","click")',
      topic: 'medical-costs',
      message: 'Physiotherapy bill; line two\nsecond line',
      replyBy: 'phone',
      phone: '+32 2 555 01 01',
      voicemail: 'no',
      consent: true,
    },
    [
      { name: 'bill.pdf', body: 'first bill' },
      { name: '../../etc/passwd', body: 'not a password' },
      { name: 'BILL.pdf', body: 'second bill' },
      { name: '/abs/olute.txt', body: 'absolute' },
      { name: 'reply.txt', body: 'sent with a reply', message: true },
    ],
  );
  await submission(
    'BBBB-BBBB-BB',
    { form: 'contact', lang: 'fr', status: 'new', at: '2026-11-03T15:30:00.000Z' },
    { topic: 'insurance', message: 'Assurance', replyBy: 'none', consent: true },
  );
  await submission(
    'CCCC-CCCC-CC',
    { form: 'feedback', lang: 'en', status: 'in_progress', at: '2026-11-01T08:00:00.000Z' },
    { page: '/en/financial-aid/', useful: 'no', missing: '@SUM(1+1)' },
  );
  await addNote(db, 'AAAA-AAAA-AA', 'agent-1', 'Called back\n-2 days left', staff.config.masterKey);
});

afterAll(async () => {
  await staff.close();
});

const CONTACT_EN = [
  'Your name',
  'What is your question about?',
  'Your question',
  'How would you like us to answer?',
  'Your e-mail address',
  'Your phone number',
  'When is it safe to call you?',
  'May we leave a voicemail if you do not answer?',
  'May we say who we are if someone else answers?',
  'Documents',
  'I agree that the central desk uses this information to answer me.',
];

describe('the export of the filtered list', () => {
  it('is the list under the filter, labelled in English, formulas neutralised, and audited', async () => {
    const response = await get('admin-en', 'form=contact&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="submissions-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(parseCsv(response.body)).toEqual([
      ['Reference', 'Received', 'Form', 'Language', 'Status', 'Handled by', ...CONTACT_EN],
      [
        'BBBB-BBBB-BB',
        '2026-11-03 16:30',
        'Ask us your question',
        'French',
        'New',
        'Nobody yet',
        '',
        'Insurance',
        'Assurance',
        'I do not need an answer',
        '',
        '',
        '',
        '',
        '',
        '',
        'Yes',
      ],
      [
        'AAAA-AAAA-AA',
        '2026-11-02 10:05',
        'Ask us your question',
        'Dutch',
        'In progress',
        'agent-1',
        `'=HYPERLINK("http://evil.example","click")`,
        'Medical costs',
        'Physiotherapy bill; line two\nsecond line',
        'By phone',
        '',
        "'+32 2 555 01 01",
        '',
        'No, call again later',
        '',
        'bill.pdf; ../../etc/passwd; BILL.pdf; /abs/olute.txt',
        'Yes',
      ],
    ]);
    expect(await auditDetails()).toEqual(['admin-en: csv, 2 rows; filters: form contact']);
  });

  it('in French, over two forms, with the notes: one table, each form’s questions named by it', async () => {
    const response = await get('admin-fr', 'status=in_progress&feedback=1&format=csv&notes=1');
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'Référence',
      'Reçu le',
      'Formulaire',
      'Langue',
      'Statut',
      'Traité par',
      'Posez-nous votre question: Votre nom',
      'Posez-nous votre question: Sur quoi porte votre question ?',
      'Posez-nous votre question: Votre question',
      'Posez-nous votre question: Comment souhaitez-vous recevoir une réponse ?',
      'Posez-nous votre question: Votre adresse e-mail',
      'Posez-nous votre question: Votre numéro de téléphone',
      'Posez-nous votre question: Quand pouvons-nous vous appeler sans risque ?',
      'Posez-nous votre question: Pouvons-nous laisser un message sur votre répondeur si vous ne décrochez pas ?',
      'Posez-nous votre question: Pouvons-nous dire qui nous sommes si quelqu’un d’autre décroche ?',
      'Posez-nous votre question: Documents',
      'Posez-nous votre question: J’accepte que le guichet central utilise ces données pour me répondre.',
      'Cette page vous a-t-elle été utile ?: Page',
      'Cette page vous a-t-elle été utile ?: Cette page vous a-t-elle été utile ?',
      'Cette page vous a-t-elle été utile ?: Qu’est-ce qui manquait ?',
      'Notes',
    ]);
    const note = await staff.app.staffStorage.db
      .selectFrom('submission_notes')
      .select('at')
      .executeTakeFirstOrThrow();
    const noteTime = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Brussels',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(note.at));
    expect(rows).toEqual([
      [
        'AAAA-AAAA-AA',
        '2026-11-02 10:05',
        'Posez-nous votre question',
        'néerlandais',
        'En cours',
        'agent-1',
        `'=HYPERLINK("http://evil.example","click")`,
        'Frais médicaux',
        'Physiotherapy bill; line two\nsecond line',
        'Par téléphone',
        '',
        "'+32 2 555 01 01",
        '',
        'Non, rappelez plus tard',
        '',
        'bill.pdf; ../../etc/passwd; BILL.pdf; /abs/olute.txt',
        'Oui',
        '',
        '',
        '',
        `${noteTime} agent-1: Called back\n'-2 days left`,
      ],
      [
        'CCCC-CCCC-CC',
        '2026-11-01 09:00',
        'Cette page vous a-t-elle été utile ?',
        'anglais',
        'En cours',
        'Personne encore',
        ...Array.from({ length: 11 }, () => ''),
        '/en/financial-aid/',
        'Non',
        "'@SUM(1+1)",
        '',
      ],
    ]);
    expect((await auditDetails()).at(-1)).toBe(
      'admin-fr: csv, 2 rows, with notes; filters: status in_progress, with page feedback',
    );
  });

  it('as XLSX: the same table, every cell text, no formula', async () => {
    const response = await get('admin-en', 'form=feedback&format=xlsx');
    expect(response.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Inbox');
    const values: unknown[][] = [];
    sheet?.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values).toEqual([
      [
        'Reference',
        'Received',
        'Form',
        'Language',
        'Status',
        'Handled by',
        'Page',
        'Was this page useful?',
        'What was missing?',
      ],
      [
        'CCCC-CCCC-CC',
        '2026-11-01 09:00',
        'Was this page useful?',
        'English',
        'In progress',
        'Nobody yet',
        '/en/financial-aid/',
        'No',
        '@SUM(1+1)',
      ],
    ]);
    expect(sheet?.getCell('I2').type).toBe(ExcelJS.ValueType.String);
    expect((await auditDetails()).at(-1)).toBe('admin-en: xlsx, 1 row; filters: form feedback');
  });

  it('is refused to an agent, and when a filter would be dropped (the export would widen)', async () => {
    const before = await auditDetails();
    expect((await get('agent-1', 'form=contact&format=csv')).statusCode).toBe(403);
    for (const query of [
      'form=no-such-form',
      'form=__proto__',
      'status=deleted',
      'lang=xx',
      'from=31/02/2026',
      'form=contact&form=feedback',
      'overdue=yes',
      'page=2',
      'after=not-a-cursor',
      // A search of words under 3 letters filters nothing: the list shows it unfiltered.
      'q=de',
      'channel=pigeon',
      'sort=secret',
    ]) {
      const response = await get('admin-en', `${query}&format=csv`);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(
        'The export’s filters could not all be applied, so it would hold more than the list.',
      );
    }
    expect(await auditDetails()).toEqual(before);
  });
});

describe('the audit words of an export’s filters', () => {
  it('name a search and its tokens without their words, and the order not at all', () => {
    expect(
      filterWords({
        page: 1,
        search: 'kinesitherapeut',
        searchTokens: [[1, 2]],
        channel: 'phone',
        sort: { column: 'status', direction: 'asc' },
        open: true,
      }),
    ).toBe('search (value not logged), answer by phone, open only');
  });
});

describe('the attachments as one ZIP', () => {
  it('holds the list’s files decrypted, under safe unique names, and the audit line counts them', async () => {
    const response = await get('admin-en', 'form=contact&format=zip&notes=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="submissions-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(await unzip(response.rawPayload)).toEqual([
      ['AAAA-AAAA-AA/bill.pdf', 'first bill'],
      ['AAAA-AAAA-AA/.._.._etc_passwd', 'not a password'],
      ['AAAA-AAAA-AA/BILL (2).pdf', 'second bill'],
      ['AAAA-AAAA-AA/_abs_olute.txt', 'absolute'],
      ['AAAA-AAAA-AA/reply.txt', 'sent with a reply'],
    ]);
    expect((await auditDetails()).at(-1)).toBe('admin-en: zip, 5 files; filters: form contact');
  });

  it('is empty for a list without files, and refused to an agent', async () => {
    const response = await get('admin-en', 'form=feedback&format=zip');
    expect(response.statusCode).toBe(200);
    expect(await unzip(response.rawPayload)).toEqual([]);
    expect((await get('agent-1', 'form=feedback&format=zip')).statusCode).toBe(403);
  });
});
