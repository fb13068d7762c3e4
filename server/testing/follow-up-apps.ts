// The set-up the follow-up's tests share (server/follow-up/follow-up.test.ts and
// follow-up-access.test.ts): the form API and the back office on one SQLite database and upload
// folder, as in production, an SMTP sink, and the visitor's and the desk's requests.
import { afterAll, beforeAll, expect } from 'vitest';
import { contactValues, createTestApp, proofOfWork, type TestApp } from './forms-app.ts';
import { startSink } from './smtp-sink.ts';
import { createStaffTestApp, type StaffTestApp } from './staff-app.ts';

/** The header of a request from our own pages. */
export const SAME = { 'sec-fetch-site': 'same-origin' };

/** The conversation as GET /api/follow-up answers it. */
export interface Conversation {
  reference: string;
  status: string;
  deskNotice: string | null;
  notifyByEmail: boolean;
  messages: { from: string; text: string; files: { name: string; size: number }[] }[];
}

/** Starts both apps and the sink for the calling test file (closed after it); its requests. */
export function followUpApps() {
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

  /** GET /api/follow-up with a session's token. */
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
  /** A back office page, as a signed-in member. */
  async function staffGet(memberId: string, url: string) {
    const { cookie } = await staff.sessionOf(memberId);
    return staff.app.inject({ method: 'GET', url, headers: { ...SAME, cookie } });
  }

  return {
    /** The form API's test app (after beforeAll). */
    get test() {
      return test;
    },
    /** The SMTP sink both apps send to (after beforeAll). */
    get sink() {
      return sink;
    },
    db,
    write,
    open,
    tokenFor,
    read,
    staffPost,
    staffGet,
  };
}
