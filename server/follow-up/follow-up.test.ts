// The whole loop of issue 41 through Fastify's inject, on one SQLite database shared by the form
// API and the back office: a visitor writes and gets a code; the desk answers (on the page, by
// e-mail, a logged call) from a template; the visitor reads, writes back with a file, asks for
// an e-mail, deletes it all. Each attack on the conversation (a token of another conversation's
// file, a reply posted as a form) has its test; those on the code and the session (wrong and
// guessed codes, a session that went idle) are in follow-up-access.test.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { postUpload, proofOfWork, type TestApp } from '../testing/forms-app.ts';
import { followUpApps, SAME, type Conversation } from '../testing/follow-up-apps.ts';
import { listSubmissions } from '../staff/inbox.ts';

/** A message's time, as the API writes it. */
const AN_ISO_TIME = expect.stringMatching(/^20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string;

const apps = followUpApps();
const { db, write, tokenFor, read, staffPost, staffGet } = apps;
let test: TestApp;
let sink: typeof apps.sink;
beforeAll(() => ({ test, sink } = apps));

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
