// The form API under the attacks of issue #14, through Fastify's inject: posts from other sites,
// uploads without proof of work or beyond the byte budgets, a failed row that must not leave its
// file, inherited names as form ids, IPv6 neighbours, reused proofs, and the smaller defects.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../storage/database.ts';
import { exportSubmissions } from './submissions.ts';
import {
  contactValues,
  createTestApp,
  multipartBody,
  PDF,
  postUpload,
  proofOfWork,
  type TestApp,
  TEST_MASTER_KEY,
} from '../testing/forms-app.ts';

// What an upload of PDF announces (Content-Length): the file and its multipart envelope.
const ANNOUNCED = multipartBody('letter.pdf', PDF).payload.length;
const REJECTED =
  'Your message could not be accepted. Please try again, or contact us by phone or e-mail.';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

async function submit(
  app: TestApp,
  values: Record<string, unknown>,
  options: { headers?: Record<string, string>; url?: string; altcha?: string } = {},
) {
  return app.app.inject({
    method: 'POST',
    url: options.url ?? '/api/forms/contact',
    headers: options.headers ?? {},
    payload: { lang: 'en', values, altcha: options.altcha ?? (await proofOfWork(app.app)) },
  });
}

/** The names in UPLOAD_DIR that are kept files (not the folder of partial ones). */
const keptFiles = async (app: TestApp) =>
  (await readdir(app.config.uploadDir)).filter((name) => name !== 'partial').sort();
const partialFiles = async (app: TestApp) =>
  readdir(join(app.config.uploadDir, 'partial')).catch(() => []);

describe('a post from another site (item 4)', () => {
  it('is refused with 403 and a translated message, on every state-changing route', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://stats.localhost' },
      // Sec-Fetch-Site decides when present: a forged Origin does not help.
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' },
    ];
    for (const headers of foreign) {
      const form = await submit(test, contactValues(), {
        headers,
        url: '/api/forms/contact?lang=nl',
      });
      expect(form.statusCode, JSON.stringify(headers)).toBe(403);
      expect(form.json()).toEqual({
        error: 'cross_origin',
        message: 'Dit formulier kan alleen worden verzonden vanaf de pagina’s van deze website.',
      });
      const upload = await postUpload(test.app, 'letter.pdf', PDF, { headers, lang: 'de' });
      expect(upload.statusCode).toBe(403);
      expect(upload.json()).toEqual({
        error: 'cross_origin',
        message: 'Dieses Formular kann nur von den Seiten dieser Website aus gesendet werden.',
      });
    }
  });

  it('passes from our own pages, and without either header (curl, monitoring)', async () => {
    const own: Record<string, string>[] = [
      { origin: 'http://localhost' },
      { origin: 'http://localhost:80' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
      {},
    ];
    for (const headers of own) {
      expect((await submit(test, contactValues(), { headers })).statusCode).toBe(201);
    }
    // Behind nginx (TRUSTED_PROXIES): the origin is the one the reader used, from the host
    // nginx passes on and the scheme it forwards (server/trusted-proxies.test.ts tests the rest).
    const behindNginx = await createTestApp({}, { trustedProxies: ['127.0.0.1'] });
    try {
      const proxied = await submit(behindNginx, contactValues(), {
        headers: {
          host: 'guichet.test',
          'x-forwarded-proto': 'https',
          origin: 'https://guichet.test',
        },
      });
      expect(proxied.statusCode).toBe(201);
    } finally {
      await behindNginx.close();
    }
  });
});

describe('an upload (item 4)', () => {
  it('needs a fresh proof of work: without one, or with a spent one, nothing is stored', async () => {
    const app = await createTestApp();
    try {
      const proof = await proofOfWork(app.app);
      const without = await postUpload(app.app, 'letter.pdf', PDF, { proof: null });
      const forged = await postUpload(app.app, 'letter.pdf', PDF, { proof: 'e30=' });
      expect((await postUpload(app.app, 'letter.pdf', PDF, { proof })).statusCode).toBe(201);
      const reused = await postUpload(app.app, 'letter.pdf', PDF, { proof });
      // A proof spent by an upload does not send a message either.
      const spentOnSubmit = await submit(app, contactValues(), { altcha: proof });
      for (const refused of [without, forged, reused, spentOnSubmit]) {
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toEqual({ error: 'rejected', message: REJECTED });
      }
      expect(await countRows(app.app.formsApi.storage.db, 'uploads')).toBe(1);
      expect(await keptFiles(app)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('meets a byte budget per address (IPv6 per /64): 413 with a translated message', async () => {
    const app = await createTestApp({
      uploads: {
        // Two kept files count their size; the third reserves what it announces, and fits.
        perAddressBytes: 2 * PDF.length + ANNOUNCED,
        perAddressWindowMs: 24 * 3_600_000,
        pendingBytes: 1024 * 1024 * 1024,
        orphanAgeMs: 24 * 3_600_000,
        sweepIntervalMs: 3_600_000,
      },
    });
    try {
      const from = (remoteAddress: string, lang = 'en') =>
        postUpload(app.app, 'letter.pdf', PDF, { remoteAddress, lang });
      // Three fit; the fourth, from the same /64, does not.
      const statuses = [];
      for (const address of [
        '2001:db8:7:1::1',
        '2001:db8:7:1::2',
        '2001:db8:7:1:ffff:ffff:ffff:ffff',
        '2001:db8:7:1::9',
      ]) {
        statuses.push((await from(address)).statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 413]);
      const refused = await from('2001:db8:7:1::10', 'fr');
      expect(refused.statusCode).toBe(413);
      expect(refused.headers['retry-after']).toBe(String(24 * 3600));
      expect(refused.json()).toEqual({
        error: 'upload_quota',
        message:
          'Trop de fichiers ont été envoyés depuis votre connexion aujourd’hui. Veuillez réessayer dans 24 heures, ou contactez-nous par téléphone ou par e-mail.',
      });
      // Another /64 and another IPv4 address have their own budget.
      expect((await from('2001:db8:7:2::1')).statusCode).toBe(201);
      expect((await from('203.0.113.20')).statusCode).toBe(201);
      expect(await keptFiles(app)).toHaveLength(5);
    } finally {
      await app.close();
    }
  });

  it('meets a cap on all unclaimed uploads: 507 with a translated message, then room again', async () => {
    const app = await createTestApp({
      uploads: {
        perAddressBytes: 1024 * 1024 * 1024,
        perAddressWindowMs: 24 * 3_600_000,
        // Room for one kept file, and for a second one only once the first is claimed.
        pendingBytes: PDF.length + ANNOUNCED - 1,
        orphanAgeMs: 24 * 3_600_000,
        sweepIntervalMs: 3_600_000,
      },
    });
    try {
      const first = await postUpload(app.app, 'letter.pdf', PDF);
      expect(first.statusCode).toBe(201);
      const full = await postUpload(app.app, 'letter.pdf', PDF, { lang: 'nl' });
      expect(full.statusCode).toBe(507);
      expect(full.json()).toEqual({
        error: 'storage_full',
        message:
          'We kunnen nu geen bestanden ontvangen omdat onze server te weinig opslagruimte heeft. Probeer het later opnieuw, of verzend uw bericht zonder het bestand en neem erover contact met ons op per telefoon of e-mail.',
      });
      // The site stays up, and a message can still be sent, claiming the waiting file.
      const { token } = first.json<{ token: string }>();
      expect((await submit(app, contactValues({ attachments: [token] }))).statusCode).toBe(201);
      expect((await postUpload(app.app, 'letter.pdf', PDF)).statusCode).toBe(201);
      expect(await keptFiles(app)).toHaveLength(2);
    } finally {
      await app.close();
    }
  });

  it('leaves no file when its row cannot be written (the regression: a file without a row)', async () => {
    const app = await createTestApp();
    try {
      const { db } = app.app.formsApi.storage;
      await sql`CREATE TRIGGER no_uploads BEFORE INSERT ON uploads BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.execute(
        db,
      );
      const response = await postUpload(app.app, 'letter.pdf', PDF);
      expect(response.statusCode).toBe(500);
      expect(await keptFiles(app)).toEqual([]);
      expect(await partialFiles(app)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('answers 507 when the database is full, and leaves no file', async () => {
    const app = await createTestApp();
    try {
      const { db } = app.app.formsApi.storage;
      // SQLite reports a full disk (SQLITE_FULL) once the file may not grow.
      const { page_count: pages } = (
        await sql<{ page_count: number }>`PRAGMA page_count`.execute(db)
      ).rows[0] ?? { page_count: 0 };
      await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(db);
      const statuses = [];
      for (let i = 0; i < 40; i++) {
        statuses.push(
          (await postUpload(app.app, `letter-${i}.pdf`, PDF, { lang: 'en' })).statusCode,
        );
        if (statuses.at(-1) !== 201) break;
      }
      expect(statuses.at(-1)).toBe(507);
      const rows = await countRows(db, 'uploads');
      expect(await keptFiles(app)).toHaveLength(rows);
      const submission = await submit(app, contactValues({ message: 'x'.repeat(4000) }));
      expect(submission.statusCode).toBe(507);
      expect(submission.json()).toEqual({
        error: 'storage_full',
        message:
          'Your message has not been sent because our server is short of storage space. What you typed is kept on this device; try again later, or contact us by phone or e-mail.',
      });
    } finally {
      await app.close();
    }
  });

  it('refuses an empty file and two files in one request, naming the file', async () => {
    const empty = await postUpload(test.app, 'blank.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      error: 'empty_file',
      message: 'The file “blank.pdf” is empty. Please choose another file.',
    });
    const emptyText = await postUpload(test.app, 'blank.txt', Buffer.alloc(0), { lang: 'de' });
    expect(emptyText.json()).toEqual({
      error: 'empty_file',
      message: 'Die Datei „blank.txt“ ist leer. Bitte wählen Sie eine andere Datei.',
    });
    const before = await keptFiles(test);
    const boundary = '----guichet-two-files';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n${PDF.toString('latin1')}\r\n`;
    const two = await test.app.inject({
      method: 'POST',
      url: '/api/uploads?form=contact&field=attachments',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-proof-of-work': await proofOfWork(test.app),
      },
      payload: Buffer.from(`${part('one.pdf')}${part('two.pdf')}--${boundary}--\r\n`, 'latin1'),
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({
      error: 'too_many_files',
      message: 'Please upload at most 1 file.',
    });
    expect(await keptFiles(test)).toEqual(before);
    expect(await partialFiles(test)).toEqual([]);
  });

  it('accepts text in Latin-1, Windows-1252 and UTF-16, and refuses binary named .txt', async () => {
    const texts = [
      Buffer.from('Brief van de verzekeraar, één keer gelezen.\r\n', 'latin1'),
      // Windows-1252: curly quotes and the euro sign in the 0x80–0x9f range.
      Buffer.from([0x93, 0x4f, 0x4b, 0x94, 0x20, 0x80, 0x20, 0x35, 0x30, 0x0d, 0x0a]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Notepad « Unicode »\r\n', 'utf16le')]),
      Buffer.from('UTF-8 déjà\n', 'utf8'),
    ];
    for (const content of texts) {
      const response = await postUpload(test.app, 'notes.txt', content);
      expect(response.statusCode, content.toString('hex')).toBe(201);
      expect(response.json()).toMatchObject({ type: 'text/plain', size: content.length });
    }
    const binary = await postUpload(test.app, 'notes.txt', Buffer.from([0x41, 0x00, 0x01, 0x42]));
    expect(binary.statusCode).toBe(415);
  });
});

describe('inherited names as form ids (item 6)', () => {
  it('answers 404 with a JSON body, never 500', async () => {
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const form = await submit(test, contactValues(), { url: `/api/forms/${id}` });
      expect(form.statusCode, id).toBe(404);
      expect(form.json()).toEqual({ error: 'not_found', message: REJECTED });
      for (const query of [{ form: id }, { field: id }]) {
        const upload = await postUpload(test.app, 'letter.pdf', PDF, query);
        expect(upload.statusCode, JSON.stringify(query)).toBe(404);
        expect(upload.json()).toEqual({ error: 'unknown_field', message: REJECTED });
      }
    }
  });
});

describe('the per-address rate limit (item 7)', () => {
  it('counts the addresses of one IPv6 /64 together, and IPv4-mapped addresses as IPv4', async () => {
    const app = await createTestApp({
      rateLimit: { submissions: 2, uploads: 2, windowMs: 60_000 },
    });
    try {
      const from = async (remoteAddress: string) =>
        (
          await app.app.inject({
            method: 'POST',
            url: '/api/forms/contact',
            remoteAddress,
            payload: { values: contactValues(), altcha: await proofOfWork(app.app) },
          })
        ).statusCode;
      expect(await from('2001:db8:a:b::1')).toBe(201);
      expect(await from('2001:db8:a:b:1234:5678:9abc:def0')).toBe(201);
      expect(await from('2001:db8:a:b::2')).toBe(429);
      expect(await from('2001:db8:a:c::1')).toBe(201);
      expect(await from('198.51.100.4')).toBe(201);
      expect(await from('::ffff:198.51.100.4')).toBe(201);
      expect(await from('198.51.100.4')).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('the smaller defects (item 10)', () => {
  it('does not take only spaces or invisible characters as an answer to a required field', async () => {
    for (const blank of [' \t\n', '\u00a0\u2003', '\u200b\u200c\u200d', '\ufeff\u2060', '\u3164']) {
      const response = await submit(test, contactValues({ message: blank }));
      expect(response.statusCode, JSON.stringify(blank)).toBe(422);
      expect(response.json()).toMatchObject({ errors: { message: 'Please enter a value.' } });
    }
  });

  it('strips NUL and control characters and replaces lone surrogates, so the export never holds them', async () => {
    const app = await createTestApp();
    try {
      const response = await submit(app, {
        ...contactValues(),
        name: 'A\u0000B\u0007C\ud800D',
        message: 'Line one\r\nline\u001b two\udfff\ttabbed',
      });
      expect(response.statusCode).toBe(201);
      const form = app.app.formsApi.forms.get('contact');
      if (!form) throw new Error('no contact form');
      const json = await exportSubmissions(app.app.formsApi.storage.db, form, 'json', {
        masterKey: TEST_MASTER_KEY,
      });
      const [stored] = JSON.parse(json) as { values: Record<string, string> }[];
      expect(stored?.values).toMatchObject({
        name: 'ABC\ufffdD',
        message: 'Line one\r\nline two\ufffd\ttabbed',
      });
      const csv = await exportSubmissions(app.app.formsApi.storage.db, form, 'csv', {
        masterKey: TEST_MASTER_KEY,
      });
      // eslint-disable-next-line no-control-regex -- control characters are what must be absent
      expect(csv).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
      expect(csv).not.toMatch(
        /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
      );
    } finally {
      await app.close();
    }
  });
});
