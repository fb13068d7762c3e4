// The way into a follow-up conversation (issue 41, ADR 0030) through Fastify's inject: the
// follow-up code (its hash, grouped and mistyped forms, wrong and guessed codes, the daily lock,
// the proof of work) and the session it opens (idle time, the hourly sweep, its end). The rest of
// the loop: follow-up.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { proofOfWork, type TestApp } from '../testing/forms-app.ts';
import { followUpApps, SAME } from '../testing/follow-up-apps.ts';
import { sweepUploads } from '../forms/sweep.ts';
import { FAILURES_PER_DAY, IDLE_MS, openFollowUpSession, sessionSubmission } from './sessions.ts';

const apps = followUpApps();
const { db, write, open, tokenFor, read } = apps;
let test: TestApp;
beforeAll(() => ({ test } = apps));

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
      const response = await test.app.inject({
        method: 'GET',
        url: '/api/follow-up',
        headers,
      });
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
