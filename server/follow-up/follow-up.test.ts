// The whole loop of issue 41 through Fastify's inject, on one SQLite database shared by the form
// API and the back office: a visitor writes and gets a code; the desk answers (on the page, by
// e-mail, a logged call) from a template; the visitor reads, writes back with a file, asks for
// an e-mail, deletes it all. Each attack on the follow-up (wrong and guessed codes, a token of
// another conversation's file, a reply posted as a form, a session that went idle) has its test.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactValues,
  createTestApp,
  postUpload,
  proofOfWork,
  type TestApp,
} from '../testing/forms-app.ts';
import { startSink } from '../testing/smtp-sink.ts';
import { sweepUploads } from '../forms/sweep.ts';
import { listSubmissions } from '../staff/inbox.ts';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-app.ts';
import { FAILURES_PER_DAY, IDLE_MS, openFollowUpSession, sessionSubmission } from './sessions.ts';

const SAME = { 'sec-fetch-site': 'same-origin' };
/** A message's time, as the API writes it. */
const AN_ISO_TIME = expect.stringMatching(/^20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string;

let sink: Awaited<ReturnType<typeof startSink>>;
let test: TestApp;
let staff: StaffTestApp;
beforeAll(async () => {
  sink = await startSink();
  test = await createTestApp({ smtpUrl: sink.url, staffOrigin: 'https://staff.example' });
  // The back office on the same database and upload folder, as in production.
  staff = await createStaffTestApp({
    config: {
      databaseUrl: test.config.databaseUrl,
      uploadDir: test.config.uploadDir,
      smtpUrl: sink.url,
    },
  });
  await staff.member('agent-1', 'agent');
  await staff.member('admin-1', 'admin');
});
afterAll(async () => {
  await staff.close();
  await test.close();
  await sink.close();
});

const db = () => test.app.formsApi.storage.db;

/** Quoted-printable text as UTF-8 (the sink keeps the message as sent). */
const unquote = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** A sent e-mail's subject (its encoded words joined) and body, decoded. */
function readMail(data: string) {
  const [head = '', ...rest] = data.split(/\r?\n\r?\n/);
  const subjectLines = /^Subject: (.*(?:\r?\n .*)*)/m.exec(head)?.[1] ?? '';
  const subject = [...subjectLines.matchAll(/=\?UTF-8\?Q\?(.*?)\?=/g)]
    .map((word) => unquote((word[1] ?? '').replaceAll('_', ' ')))
    .join('');
  return { subject, body: unquote(rest.join('\n\n')) };
}

/** Sends the contact form; its reference and follow-up code. */
async function write(values: Record<string, unknown> = {}, lang = 'en') {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/forms/contact',
    payload: {
      lang,
      values: contactValues({ replyBy: 'none', email: '', ...values }),
      altcha: await proofOfWork(test.app),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ reference: string; followUpCode: string }>();
}

/** POST /api/follow-up/session with a fresh proof of work. */
async function open(reference: string, code: string, lang = 'en') {
  return test.app.inject({
    method: 'POST',
    url: '/api/follow-up/session',
    headers: SAME,
    payload: { lang, reference, code, altcha: await proofOfWork(test.app) },
  });
}

/** A session's token for a conversation. */
async function tokenFor(reference: string, code: string) {
  const response = await open(reference, code);
  expect(response.statusCode).toBe(201);
  return response.json<{ token: string }>().token;
}

interface Conversation {
  reference: string;
  status: string;
  deskNotice: string | null;
  notifyByEmail: boolean;
  messages: { from: string; text: string; files: { name: string; size: number }[] }[];
}
const read = (token: string) =>
  test.app.inject({
    method: 'GET',
    url: '/api/follow-up',
    headers: { 'x-follow-up-session': token },
  });

/** The back office's post of a form, as a signed-in member. */
async function staffPost(memberId: string, url: string, fields: Record<string, string>) {
  const { cookie, csrf } = await staff.sessionOf(memberId);
  return staff.app.inject({
    method: 'POST',
    url,
    headers: { ...SAME, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf, ...fields }).toString(),
  });
}
async function staffGet(memberId: string, url: string) {
  const { cookie } = await staff.sessionOf(memberId);
  return staff.app.inject({ method: 'GET', url, headers: { ...SAME, cookie } });
}

describe('the follow-up code', () => {
  it('comes with a contact message once, as 16 digits; the database keeps its scrypt hash only', async () => {
    const { reference, followUpCode } = await write();
    expect(followUpCode).toMatch(/^\d{16}$/);
    const row = await db()
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(JSON.stringify(row)).not.toContain(followUpCode);
  });

  it('opens the conversation, typed with spaces; a wrong code and an unknown reference get the same answer', async () => {
    const { reference, followUpCode } = await write({ message: 'My invoice from the hospital' });
    const grouped = followUpCode.replace(/(\d{4})(?=\d)/g, '$1 ');
    // As a reader may copy it: lower case, spaces for dashes, an O for a zero.
    const opened = await open(
      reference.toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o'),
      grouped,
    );
    expect(opened.statusCode).toBe(201);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.json<{ idleSeconds: number }>().idleSeconds).toBe(1800);
    const wrongDigit = `${followUpCode.slice(0, 15)}${(Number(followUpCode[15]) + 1) % 10}`;
    const wrong = await open(reference, wrongDigit, 'fr');
    const unknown = await open('ZZZZ-ZZZZ-ZZ', followUpCode, 'fr');
    const garbage = await open(reference, 'not a code', 'fr');
    for (const response of [wrong, unknown, garbage]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'wrong_code',
        message:
          'Le numéro de référence ou le code de suivi n’est pas correct. Vérifiez les deux et réessayez.',
      });
    }
  });

  it('of one conversation opens no other, and nothing reads it from an address or sets a cookie', async () => {
    const first = await write();
    const second = await write();
    const crossed = await open(second.reference, first.followUpCode);
    expect(crossed.statusCode).toBe(401);
    // A code in the address is not a way in: the page and the API read it from a POST body only.
    const inUrl = await test.app.inject({
      method: 'GET',
      url: `/api/follow-up?reference=${first.reference}&code=${first.followUpCode}`,
    });
    expect(inUrl.statusCode).toBe(401);
    const opened = await open(first.reference, first.followUpCode);
    expect(opened.statusCode).toBe(201);
    expect(opened.headers['set-cookie']).toBeUndefined();
    const token = opened.json<{ token: string }>().token;
    const read = await test.app.inject({
      method: 'GET',
      url: '/api/follow-up',
      headers: { 'x-follow-up-session': token },
    });
    expect(read.headers['set-cookie']).toBeUndefined();
    expect(read.headers['cache-control']).toBe('no-store');
  });

  it('is refused after 10 failures in a day, even when right, and the desk sees it; the next day it works', async () => {
    const { reference, followUpCode } = await write();
    const now = new Date('2026-11-27T10:00:00Z');
    for (let attempt = 0; attempt < FAILURES_PER_DAY; attempt++) {
      expect(await openFollowUpSession(db(), reference, '0000000000000000', now)).toEqual({
        opened: false,
        reason: 'wrong',
      });
    }
    expect(await openFollowUpSession(db(), reference, followUpCode, now)).toEqual({
      opened: false,
      reason: 'locked',
    });
    const locked = await db()
      .selectFrom('audit_log')
      .select(['action', 'member_id'])
      .where('submission_id', '=', reference)
      .execute();
    expect(locked).toEqual([{ action: 'code-locked', member_id: null }]);
    const tomorrow = new Date('2026-11-28T00:00:01Z');
    const result = await openFollowUpSession(db(), reference, followUpCode, tomorrow);
    expect(result.opened).toBe(true);
  });

  it('is locked through the API with a 429 and its own message', async () => {
    const { reference, followUpCode } = await write();
    await db()
      .updateTable('submissions')
      .set({
        code_failures: FAILURES_PER_DAY,
        code_failures_day: new Date().toISOString().slice(0, 10),
      })
      .where('id', '=', reference)
      .execute();
    const response = await open(reference, followUpCode, 'nl');
    expect(response.statusCode).toBe(429);
    expect(response.json<{ message: string }>().message).toBe(
      'Vandaag werden te veel foute codes geprobeerd voor dit referentienummer. Probeer morgen opnieuw, of bel het centraal loket.',
    );
  });

  it('needs a fresh proof of work and our own pages', async () => {
    const { reference, followUpCode } = await write();
    const noProof = await test.app.inject({
      method: 'POST',
      url: '/api/follow-up/session',
      headers: SAME,
      payload: { reference, code: followUpCode },
    });
    expect(noProof.statusCode).toBe(422);
    const altcha = await proofOfWork(test.app);
    const first = await test.app.inject({
      method: 'POST',
      url: '/api/follow-up/session',
      payload: { reference, code: followUpCode, altcha },
    });
    expect(first.statusCode).toBe(201);
    const replayed = await test.app.inject({
      method: 'POST',
      url: '/api/follow-up/session',
      payload: { reference, code: followUpCode, altcha },
    });
    expect(replayed.statusCode).toBe(422);
    const crossSite = await test.app.inject({
      method: 'POST',
      url: '/api/follow-up/session',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { reference, code: followUpCode, altcha: await proofOfWork(test.app) },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('the session', () => {
  it('is refused without a token, with a made-up one, and once idle for 30 minutes', async () => {
    for (const headers of [{}, { 'x-follow-up-session': 'made-up' }]) {
      const response = await test.app.inject({ method: 'GET', url: '/api/follow-up', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json<{ error: string }>().error).toBe('session_expired');
    }
    const { reference, followUpCode } = await write();
    const token = await tokenFor(reference, followUpCode);
    const later = new Date(Date.now() + IDLE_MS - 60_000);
    expect(await sessionSubmission(db(), token, later)).toBe(reference);
    // Each use restarts the idle time: 29 minutes after that use it is still open.
    expect(await sessionSubmission(db(), token, new Date(later.getTime() + IDLE_MS - 60_000))).toBe(
      reference,
    );
    expect(await sessionSubmission(db(), token, new Date(later.getTime() + 2 * IDLE_MS))).toBe(
      null,
    );
    expect((await read(token)).statusCode).toBe(401);
  });

  it('is deleted by the hourly sweep once idle', async () => {
    const { reference, followUpCode } = await write();
    await tokenFor(reference, followUpCode);
    const sessions = () =>
      db()
        .selectFrom('follow_up_sessions')
        .select('submission_id')
        .where('submission_id', '=', reference)
        .execute();
    expect(await sessions()).toHaveLength(1);
    await sweepUploads(db(), test.config.uploadDir, new Date(Date.now() + IDLE_MS - 60_000));
    expect(await sessions()).toHaveLength(1);
    await sweepUploads(db(), test.config.uploadDir, new Date(Date.now() + IDLE_MS + 60_000));
    expect(await sessions()).toHaveLength(0);
  });

  it('ends on DELETE /api/follow-up/session', async () => {
    const { reference, followUpCode } = await write();
    const token = await tokenFor(reference, followUpCode);
    const ended = await test.app.inject({
      method: 'DELETE',
      url: '/api/follow-up/session',
      headers: { ...SAME, 'x-follow-up-session': token },
    });
    expect(ended.statusCode).toBe(204);
    expect((await read(token)).statusCode).toBe(401);
  });
});

describe('the conversation', () => {
  it('is answered by the desk from a template, read by the visitor, answered back with a file, and reopens the case', async () => {
    const { reference, followUpCode } = await write(
      { message: 'Who pays the physiotherapist?' },
      'fr',
    );
    const token = await tokenFor(reference, followUpCode);
    const first = (await read(token)).json<Conversation>();
    expect(first).toEqual({
      reference,
      lang: 'fr',
      status: 'received',
      deskNotice: null,
      notifyByEmail: false,
      messages: [
        {
          from: 'visitor',
          at: AN_ISO_TIME,
          text: 'Who pays the physiotherapist?',
          files: [],
        },
      ],
    });

    // An administrator keeps a template; the agent starts from it, the reference filled in.
    expect(
      (
        await staffPost('admin-1', '/staff/templates', {
          lang: 'fr',
          title: 'Kinésithérapie',
          body: 'Bonjour, au sujet de votre message {reference} : la Commission rembourse…',
        })
      ).statusCode,
    ).toBe(303);
    const template = await db()
      .selectFrom('answer_templates')
      .select('id')
      .executeTakeFirstOrThrow();
    const page = await staffGet(
      'agent-1',
      `/staff/submissions/${reference}?template=${template.id}`,
    );
    expect(page.body).toContain(
      `Bonjour, au sujet de votre message ${reference} : la Commission rembourse…`,
    );

    const answer = `Bonjour, au sujet de votre message ${reference} : la Commission rembourse les séances.`;
    const answered = await staffPost('agent-1', `/staff/submissions/${reference}/answer`, {
      text: answer,
      channel: 'page',
    });
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toBe(`/staff/submissions/${reference}?done=answer-saved`);
    await staffPost('agent-1', `/staff/submissions/${reference}/answer`, {
      text: 'Called: she will send the invoice.',
      channel: 'phone',
    });
    await staffPost('agent-1', `/staff/submissions/${reference}/notice`, {
      text: 'Nous attendons la facture.',
    });

    const second = (await read(token)).json<Conversation>();
    expect(second.status).toBe('answered');
    expect(second.deskNotice).toBe('Nous attendons la facture.');
    // The logged call is the desk's record, not a message to the visitor.
    expect(second.messages.map(({ from, text }) => [from, text])).toEqual([
      ['visitor', 'Who pays the physiotherapist?'],
      ['desk', answer],
    ]);

    const upload = await postUpload(test.app, 'facture.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), {
      form: 'reply',
      type: 'application/pdf',
    });
    expect(upload.statusCode).toBe(201);
    const fileToken = upload.json<{ token: string }>().token;
    const replied = await test.app.inject({
      method: 'POST',
      url: '/api/follow-up/messages',
      headers: { ...SAME, 'x-follow-up-session': token },
      payload: { lang: 'fr', message: 'Voici la facture.', attachments: [fileToken] },
    });
    expect(replied.statusCode).toBe(201);

    const third = (await read(token)).json<Conversation>();
    expect(third.status).toBe('in_progress');
    expect(third.messages.at(-1)).toEqual({
      from: 'visitor',
      at: AN_ISO_TIME,
      text: 'Voici la facture.',
      files: [{ name: 'facture.pdf', size: 15 }],
    });
    // The reply tops the inbox, above newer messages, until the desk answers it.
    await write({ message: 'A newer message' });
    const inbox = await listSubmissions(db(), { page: 1 });
    expect(inbox.rows[0]?.id).toBe(reference);
    expect(inbox.rows[1]?.visitor_wrote_at).toBe(null);
    const deskPage = await staffGet('agent-1', `/staff/submissions/${reference}`);
    expect(deskPage.body).toContain('The visitor wrote back on');
    expect(deskPage.body).toContain('Voici la facture.');
    expect(deskPage.body).toContain(`/staff/submissions/${reference}/files/${fileToken}`);
    const history = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('submission_id', '=', reference)
      .where('action', '!=', 'viewed')
      .orderBy('at')
      .execute();
    expect(history.map((line) => line.action)).toEqual([
      'answered',
      'call-logged',
      'notice',
      'visitor-wrote',
    ]);
    // Nothing the visitor or the desk wrote is in clear in the database.
    const rows = await db().selectFrom('conversation_messages').select('text').execute();
    expect(JSON.stringify(rows)).not.toContain('facture');
  });

  it('refuses a reply without text, a file of the contact form, and a file already used', async () => {
    const { reference, followUpCode } = await write();
    const token = await tokenFor(reference, followUpCode);
    const post = (payload: Record<string, unknown>) =>
      test.app.inject({
        method: 'POST',
        url: '/api/follow-up/messages',
        headers: { ...SAME, 'x-follow-up-session': token },
        payload: { lang: 'de', ...payload },
      });
    const empty = await post({ message: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      error: 'invalid',
      errors: { message: 'Bitte einen Wert eingeben.' },
      message: 'Bitte überprüfen Sie die obigen Felder auf Validierungsfehler.',
    });
    const contactFile = await postUpload(test.app, 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), {
      type: 'application/pdf',
    });
    const wrongForm = await post({
      message: 'Hier',
      attachments: [contactFile.json<{ token: string }>().token],
    });
    expect(wrongForm.statusCode).toBe(422);
    expect(wrongForm.json<{ errors: unknown }>().errors).toEqual({
      attachments: 'Bitte laden Sie die Datei erneut hoch: Der Server hat sie nicht mehr.',
    });
    const reply = await postUpload(test.app, 'b.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), {
      form: 'reply',
      type: 'application/pdf',
    });
    const fileToken = reply.json<{ token: string }>().token;
    expect((await post({ message: 'Eins', attachments: [fileToken] })).statusCode).toBe(201);
    expect((await post({ message: 'Zwei', attachments: [fileToken] })).statusCode).toBe(422);
    const messages = (await read(token)).json<Conversation>().messages;
    expect(messages.map((message) => message.text).slice(1)).toEqual(['Eins']);
  });

  it('is not a form of its own: POST /api/forms/reply is a 404', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/forms/reply',
      payload: {
        values: { message: 'Hello', attachments: [] },
        altcha: await proofOfWork(test.app),
      },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('e-mail', () => {
  it('sends an answer once by e-mail to the address the visitor chose, in their language, the reference in its subject', async () => {
    const { reference } = await write({ replyBy: 'email', email: 'reader@example.org' }, 'fr');
    const refused = await staffPost('agent-1', `/staff/submissions/${reference}/answer`, {
      text: '',
      channel: 'email',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Write the answer first.');
    // The desk's own notification of the new message goes first.
    await test.app.formsApi.mailer?.flush();
    const sent = sink.received.length;
    await staffPost('agent-1', `/staff/submissions/${reference}/answer`, {
      text: 'Madame, la Commission rembourse les séances.',
      channel: 'email',
    });
    await test.app.formsApi.conversationMail?.flush();
    const mail = sink.received.slice(sent);
    expect(mail.map((item) => item.to)).toEqual([['reader@example.org']]);
    const { subject, body } = readMail(mail[0]?.data ?? '');
    expect(subject).toBe(`Réponse à votre message ${reference}`);
    expect(body).toContain('Madame, la Commission rembourse les séances.');
    expect(body).toContain('Guichet central pour les victimes du terrorisme.');
    // A second flush sends nothing more: once.
    await test.app.formsApi.conversationMail?.flush();
    expect(sink.received.length).toBe(sent + 1);
  });

  it('refuses the e-mail channel to a visitor who gave no address', async () => {
    const { reference } = await write();
    const refused = await staffPost('agent-1', `/staff/submissions/${reference}/answer`, {
      text: 'Hello',
      channel: 'email',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Choose how to answer.');
    expect(refused.body).toContain('>Hello</textarea>');
  });

  it('tells a visitor who asked that an answer waits, without content, code or reference; tells the member who handles it that the visitor wrote back', async () => {
    const { reference, followUpCode } = await write({ message: 'Secret words' }, 'nl');
    const token = await tokenFor(reference, followUpCode);
    const notify = (email: unknown) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/follow-up/notify',
        headers: { ...SAME, 'x-follow-up-session': token },
        payload: { lang: 'nl', email },
      });
    const bad = await notify('not-an-address');
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: unknown }>().errors).toEqual({
      email: 'Gelieve een geldig e-mailadres in te vullen.',
    });
    expect((await notify('me@example.org')).statusCode).toBe(204);
    expect((await read(token)).json<Conversation>().notifyByEmail).toBe(true);
    const stored = await db()
      .selectFrom('submissions')
      .select('notify_email')
      .where('id', '=', reference)
      .executeTakeFirstOrThrow();
    expect(stored.notify_email).not.toContain('example.org');

    await staffPost('agent-1', `/staff/submissions/${reference}/take`, {});
    await test.app.formsApi.mailer?.flush();
    const before = sink.received.length;
    await staffPost('agent-1', `/staff/submissions/${reference}/answer`, {
      text: 'Antwoord van het loket',
      channel: 'page',
    });
    await test.app.inject({
      method: 'POST',
      url: '/api/follow-up/messages',
      headers: { ...SAME, 'x-follow-up-session': token },
      payload: { lang: 'nl', message: 'Dank u, nog een vraag' },
    });
    await test.app.formsApi.conversationMail?.flush();
    const mail = sink.received.slice(before);
    expect(mail.map((item) => item.to)).toEqual([['me@example.org'], ['agent-1@example.be']]);
    const [waiting, wroteBack] = mail.map((item) => item.data);
    expect(waiting).toContain('Het centraal loket heeft u geantwoord');
    for (const secret of [reference, followUpCode, 'Antwoord van het loket', 'Secret words']) {
      expect(waiting).not.toContain(secret);
    }
    expect(wroteBack).toContain(`https://staff.example/staff/submissions/${reference}`);
    expect(wroteBack).not.toContain('nog een vraag');
    expect((await notify(null)).statusCode).toBe(204);
    expect((await read(token)).json<Conversation>().notifyByEmail).toBe(false);
  });
});

describe('"Delete my messages"', () => {
  it('erases the submission, its conversation and its files at once, and ends the session', async () => {
    const { reference, followUpCode } = await write();
    const token = await tokenFor(reference, followUpCode);
    const upload = await postUpload(test.app, 'c.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), {
      form: 'reply',
      type: 'application/pdf',
    });
    const fileToken = upload.json<{ token: string }>().token;
    await test.app.inject({
      method: 'POST',
      url: '/api/follow-up/messages',
      headers: { ...SAME, 'x-follow-up-session': token },
      payload: { message: 'With a file', attachments: [fileToken] },
    });
    expect(existsSync(join(test.config.uploadDir, fileToken))).toBe(true);
    const erased = await test.app.inject({
      method: 'DELETE',
      url: '/api/follow-up',
      headers: { ...SAME, 'x-follow-up-session': token },
    });
    expect(erased.statusCode).toBe(204);
    expect(existsSync(join(test.config.uploadDir, fileToken))).toBe(false);
    for (const table of ['conversation_messages', 'follow_up_sessions', 'uploads'] as const) {
      const left = await db()
        .selectFrom(table)
        .select('submission_id')
        .where('submission_id', '=', reference)
        .execute();
      expect(left, table).toEqual([]);
    }
    expect((await read(token)).statusCode).toBe(401);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'member_id'])
      .where('submission_id', '=', reference)
      .execute();
    expect(audit).toEqual([
      { action: 'visitor-wrote', member_id: null },
      { action: 'erased-by-visitor', member_id: null },
    ]);
  });
});
