// Notification e-mail through a local SMTP sink (smtp-server): sent from the outbox after the
// answer, without the message itself, retried after a refusal, never holding up the answer.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMailer } from './mailer.ts';
import { startSink } from '../testing/smtp-sink.ts';
import { contactValues, createTestApp, proofOfWork, type TestApp } from '../testing/forms-app.ts';

const until = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met in 10 s');
};

let sink: Awaited<ReturnType<typeof startSink>>;
let release = () => {};
let test: TestApp;
beforeAll(async () => {
  let held = new Promise<void>((resolve) => {
    release = resolve;
  });
  sink = await startSink(async () => {
    await held;
    held = Promise.resolve();
    return 'accept';
  });
  test = await createTestApp({
    smtpUrl: sink.url,
    smtpFrom: 'Guichet <no-reply@guichet.test>',
    staffOrigin: 'https://desk.guichet.test',
  });
});
afterAll(async () => {
  await test.close();
  await sink.close();
});

it('answers 201 before the e-mail is out, then sends the reference and the back-office link without the message', async () => {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/forms/contact',
    payload: {
      values: contactValues({ message: 'A private question' }),
      altcha: await proofOfWork(test.app),
    },
  });
  expect(response.statusCode).toBe(201);
  const { reference } = response.json<{ reference: string }>();
  const { db } = test.app.formsApi.storage;
  const row = () =>
    db
      .selectFrom('outbox')
      .selectAll()
      .where('submission_id', '=', reference)
      .executeTakeFirstOrThrow();
  // The sink holds the mail: the answer did not wait for it.
  expect((await row()).sent_at).toBeNull();
  expect(sink.received).toHaveLength(0);
  release();
  await until(async () => (await row()).sent_at !== null);
  expect(sink.received).toHaveLength(1);
  expect(sink.received[0]?.to).toEqual(['terrorvictims@just.fgov.be']);
  expect(sink.received[0]?.data).toContain(
    `Subject: New message ${reference} (Ask us your question)`,
  );
  expect(sink.received[0]?.data).not.toContain('A private question');
  // A link to the submission in the back office, where only signed-in staff read it.
  expect(sink.received[0]?.data).toContain(
    `\r\nhttps://desk.guichet.test/staff/submissions/${reference}\r\n`,
  );
  expect(await row()).toMatchObject({ attempts: 1, last_error: null });
});

it('retries a notification the SMTP server refused', async () => {
  const verdicts: ('accept' | 'refuse')[] = ['refuse', 'accept'];
  const picky = await startSink(() => Promise.resolve(verdicts.shift() ?? 'accept'));
  const app = await createTestApp();
  const warnings: string[] = [];
  const mailer = startMailer(app.app.formsApi.storage, app.app.formsApi.forms, {
    smtpUrl: picky.url,
    intervalMs: 3_600_000,
    log: { warn: (message) => warnings.push(message) },
  });
  try {
    const { db } = app.app.formsApi.storage;
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/forms/contact',
      payload: { values: contactValues(), altcha: await proofOfWork(app.app) },
    });
    const { reference } = response.json<{ reference: string }>();
    // This app has no SMTP_URL, so it queued nothing: queue as a mail-enabled app would.
    await db
      .insertInto('outbox')
      .values({
        submission_id: reference,
        form_id: 'contact',
        created_at: new Date().toISOString(),
        attempts: 0,
        next_attempt_at: new Date().toISOString(),
        sent_at: null,
        last_error: null,
      })
      .execute();
    expect(await mailer.flush()).toBe(0);
    const failed = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });
    expect(failed.last_error).toMatch(/451/);
    expect(warnings).toHaveLength(1);
    // Not due yet: the next attempt waits 30 s.
    expect(Date.parse(failed.next_attempt_at) - Date.now()).toBeGreaterThan(25_000);
    expect(await mailer.flush()).toBe(0);
    // Time passes.
    await db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    expect(await mailer.flush()).toBe(1);
    expect(await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      attempts: 2,
      last_error: null,
    });
    expect(picky.received).toHaveLength(1);
  } finally {
    await mailer.stop();
    await app.close();
    await picky.close();
  }
});
