// The form API through Fastify's inject: every status of the issue (201, 422, 413, 415, 429),
// malformed bodies, hostile file names and contents, and script payloads kept as plain data.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../storage/database.ts';
import {
  contactValues,
  createTestApp,
  PDF,
  PNG,
  postUpload,
  proofOfWork,
  type TestApp,
  storedFile,
  storedValuesText,
} from '../testing/forms-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

/** Posts a contact-form submission with a fresh proof of work. */
async function submit(values: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return test.app.inject({
    method: 'POST',
    url: '/api/forms/contact',
    payload: { lang: 'en', values, altcha: await proofOfWork(test.app), ...extra },
  });
}

/** Uploads one file to the contact form's attachments field. */
function upload(fileName: string, content: Buffer, type?: string, lang = 'en') {
  return postUpload(test.app, fileName, content, { ...(type ? { type } : {}), lang });
}

describe('POST /api/forms/:id', () => {
  it('stores a valid submission and answers 201 with a reference number', async () => {
    const before = await countRows(test.app.formsApi.storage.db, 'submissions');
    const response = await submit(contactValues());
    expect(response.statusCode).toBe(201);
    const body = response.json<{ reference: string; message: string }>();
    expect(body.reference).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/);
    expect(body.message).toBe('Thanks for your submission!');
    expect(await countRows(test.app.formsApi.storage.db, 'submissions')).toBe(before + 1);
  });

  it('answers 422 with each field message in the language of the submission', async () => {
    const cases = {
      en: ['Please select an option.', 'Please enter a value.', 'Please enter a valid email.'],
      de: [
        'Bitte wähle eine Option.',
        'Bitte einen Wert eingeben.',
        'Bitte geben Sie eine gültige Email-Adresse ein.',
      ],
      nl: [
        'Gelieve een optie te kiezen.',
        'Gelieve een waarde in te vullen.',
        'Gelieve een geldig e-mailadres in te vullen.',
      ],
      fr: [
        'Veuillez sélectionner une option.',
        'Veuillez saisir une valeur.',
        'Veuillez saisir une adresse e-mail valide.',
      ],
    };
    const whole = {
      en: 'Please check the fields above for validation errors.',
      de: 'Bitte überprüfen Sie die obigen Felder auf Validierungsfehler.',
      nl: 'Gelieve de velden hierboven na te kijken op fouten.',
      fr: 'Veuillez corriger les erreurs de validation dans les champs ci-dessus.',
    };
    for (const [lang, [option, required, email]] of Object.entries(cases)) {
      const response = await submit(
        contactValues({ topic: '', message: '  ', email: 'reader-at-example' }),
        { lang },
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: 'invalid',
        errors: { topic: option, message: required, email },
        message: whole[lang as keyof typeof whole],
      });
    }
  });

  it('answers 422 to an unknown option and to a field the form does not show', async () => {
    const response = await submit(contactValues({ topic: 'lottery', replyBy: 'carrier-pigeon' }));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'replyBy',
      'topic',
    ]);
  });

  it('refuses a submission without a valid proof of work, or with the honeypot filled', async () => {
    const stale = await proofOfWork(test.app);
    expect((await submit(contactValues(), { altcha: stale })).statusCode).toBe(201);
    // The same solution a second time.
    const reused = await submit(contactValues(), { altcha: stale });
    const forged = await submit(contactValues(), { altcha: Buffer.from('{}').toString('base64') });
    const bot = await submit(contactValues(), { website: 'http://spam.example' });
    // The same answer to each, so that a bot cannot tell which defence it met.
    for (const refused of [reused, forged, bot]) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        error: 'rejected',
        message:
          'Your message could not be accepted. Please try again, or contact us by phone or e-mail.',
      });
    }
  });

  it('answers 400 with a JSON message to malformed JSON and to a body of the wrong shape', async () => {
    const malformed = await test.app.inject({
      method: 'POST',
      url: '/api/forms/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"values": {"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: 'bad_request',
      message:
        'Your message could not be accepted. Please try again, or contact us by phone or e-mail.',
    });
    const shapeless = await test.app.inject({
      method: 'POST',
      url: '/api/forms/contact',
      payload: { values: 'not an object' },
    });
    expect(shapeless.statusCode).toBe(400);
    expect(shapeless.json()).toMatchObject({ error: 'bad_request' });
  });

  it('answers 404 to a form that does not exist', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/forms/..%2F..%2Fetc%2Fpasswd',
      payload: { values: {} },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  it('answers 413 to a body above the limit, with a translated message', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/forms/contact?lang=nl',
      payload: { values: contactValues({ message: 'x'.repeat(300 * 1024) }) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'too_large',
      message: 'Uw bericht is te lang om te verzenden. Gelieve het in te korten.',
    });
  });

  it('answers 415 to a submission that is not JSON', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/forms/contact',
      headers: { 'content-type': 'text/xml' },
      payload: '<values/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: 'unsupported_media_type' });
  });

  it('keeps a script payload as the exact text that was typed, answered as JSON only', async () => {
    const script = '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>';
    const response = await submit(contactValues({ name: script, message: script }));
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const { reference } = response.json<{ reference: string }>();
    const stored = await storedValuesText(test.app.formsApi.storage.db, reference);
    expect(JSON.parse(stored)).toMatchObject({ name: script, message: script });
  });
});

describe('POST /api/uploads', () => {
  it('stores a PDF under a token and lets a submission claim it once', async () => {
    const response = await upload('letter.pdf', PDF, 'application/pdf');
    expect(response.statusCode).toBe(201);
    const file = response.json<{ token: string; name: string; size: number; type: string }>();
    expect(file).toMatchObject({ name: 'letter.pdf', size: PDF.length, type: 'application/pdf' });
    const kept = await storedFile(test.app.formsApi.storage.db, test.config.uploadDir, file.token);
    expect(kept).toEqual({ name: 'letter.pdf', bytes: PDF });
    const sent = await submit(contactValues({ attachments: [file.token] }));
    expect(sent.statusCode).toBe(201);
    const again = await submit(contactValues({ attachments: [file.token] }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      errors: { attachments: 'Please upload the file again: the server no longer has it.' },
    });
  });

  it('never uses the file name as a path', async () => {
    const before = await readdir(test.dir);
    const names: string[] = [];
    for (const name of ['../../../etc/passwd.pdf', '..\\..\\boot.ini.pdf', '/tmp/evil.pdf']) {
      const response = await upload(name, PDF, 'application/pdf');
      expect(response.statusCode).toBe(201);
      const { token, name: kept } = response.json<{ token: string; name: string }>();
      expect(kept).not.toMatch(/[\\/]/);
      const stored = await storedFile(test.app.formsApi.storage.db, test.config.uploadDir, token);
      expect(stored.bytes).toEqual(PDF);
      names.push(stored.name);
    }
    expect(await readdir(test.dir)).toEqual(before);
    expect(names).toEqual(['passwd.pdf', 'boot.ini.pdf', 'evil.pdf']);
  });

  it('answers 415 to a file whose content does not match its extension', async () => {
    const disguised = await upload('photo.png', PDF, 'image/png');
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json()).toEqual({
      error: 'unsupported_type',
      message:
        'The file “photo.png” is not of an accepted type (PDF, JPG, PNG, HEIC, DOCX, ODT, TXT).',
    });
    const script = await upload('notes.txt', PNG, 'text/plain');
    expect(script.statusCode).toBe(415);
    const program = await upload('setup.exe', PDF);
    expect(program.statusCode).toBe(415);
    // Nothing of the refused files stays on disk.
    const kept = await readdir(test.config.uploadDir, { recursive: true });
    const tokens = await test.app.formsApi.storage.db
      .selectFrom('uploads')
      .select('token')
      .execute();
    expect(kept.filter((name) => name !== 'partial').sort()).toEqual(
      tokens.map((row) => row.token).sort(),
    );
  });

  it('answers 413 to a file above the field limit, announced or streamed', async () => {
    const limit = 10 * 1024 * 1024;
    const streamed = await upload('big.pdf', Buffer.concat([PDF, Buffer.alloc(limit)]), '', 'fr');
    expect(streamed.statusCode).toBe(413);
    // French puts (narrow) no-break spaces inside « » and before the unit.
    const body = streamed.json<{ error: string; message: string }>();
    expect(body.error).toBe('too_large');
    expect(body.message.replace(/\s/g, ' ')).toBe(
      'Le fichier « big.pdf » est trop volumineux : la limite est de 10 Mo.',
    );
    const announced = await upload('huge.pdf', Buffer.alloc(limit + 200 * 1024));
    expect(announced.statusCode).toBe(413);
    // Named, even when refused by its announced size (the regression: “”).
    expect(announced.json()).toEqual({
      error: 'too_large',
      message: 'The file “huge.pdf” is too large: the limit is 10 MB.',
    });
  });

  it('answers 400 to malformed multipart and 415 to a body that is not multipart', async () => {
    const broken = await test.app.inject({
      method: 'POST',
      url: '/api/uploads?form=contact&field=attachments',
      headers: {
        'content-type': 'multipart/form-data; boundary=nothing-here',
        'x-proof-of-work': await proofOfWork(test.app),
      },
      payload: 'this is not multipart at all',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'bad_request' });
    const json = await test.app.inject({
      method: 'POST',
      url: '/api/uploads?form=contact&field=attachments',
      headers: { 'x-proof-of-work': await proofOfWork(test.app) },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ error: 'unsupported_media_type' });
  });

  it('answers 404 to a field that is not a file field', async () => {
    const response = await postUpload(test.app, 'letter.pdf', PDF, { field: 'message' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the per-address rate limit', () => {
  it('answers 429 with Retry-After and a translated message once the limit is reached', async () => {
    const limited = await createTestApp({
      rateLimit: { submissions: 2, uploads: 2, windowMs: 60_000 },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/forms/contact?lang=de',
          remoteAddress: '203.0.113.7',
          payload: { lang: 'de', values: contactValues(), altcha: await proofOfWork(limited.app) },
        });
        statuses.push(response.statusCode);
        if (i === 2) {
          expect(response.headers['retry-after']).toBe('60');
          expect(response.json()).toEqual({
            error: 'rate_limited',
            retryAfter: 60,
            message:
              'Von Ihrer Verbindung wurden zu viele Nachrichten gesendet. Bitte warten Sie 1 Minute und versuchen Sie es erneut. Ihre Eingaben bleiben gespeichert.',
          });
        }
      }
      expect(statuses).toEqual([201, 201, 429]);
      // Another address is not affected.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/forms/contact',
        remoteAddress: '203.0.113.8',
        payload: { values: contactValues(), altcha: await proofOfWork(limited.app) },
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
