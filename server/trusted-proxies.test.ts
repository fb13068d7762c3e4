// Host and proxies (issue #39 item 10): a client chooses neither its address (X-Forwarded-For)
// nor the API's origin (X-Forwarded-Host, X-Forwarded-Proto) unless it is a proxy the operator
// named in TRUSTED_PROXIES; the back office answers only the host name of STAFF_ORIGIN (DNS
// rebinding). nginx's side: server/staff/nginx-staff.test.ts, server/nginx-site-conf.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config/environment.ts';
import { contactValues, createTestApp, proofOfWork, type TestApp } from './testing/forms-app.ts';
import { createStaffTestApp, type StaffTestApp } from './testing/staff-app.ts';

let open: TestApp;
let behindNginx: TestApp;
beforeAll(async () => {
  // A small limit: the fourth submission of one address within the window is refused.
  const rateLimit = { submissions: 3, uploads: 3, windowMs: 60_000 };
  open = await createTestApp({ rateLimit });
  behindNginx = await createTestApp({ rateLimit }, { trustedProxies: ['127.0.0.1'] });
});
afterAll(async () => {
  await open.close();
  await behindNginx.close();
});

/** Submissions from 127.0.0.1, each claiming another address; their statuses. */
async function claimedAddresses(test: TestApp, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/forms/contact',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `198.51.100.${String(index + 1)}` },
      payload: { lang: 'en', values: contactValues(), altcha: await proofOfWork(test.app) },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('X-Forwarded-For', () => {
  it('is ignored by default: a local process that names a new address each time meets the limit', async () => {
    expect(await claimedAddresses(open, 4)).toEqual([201, 201, 201, 429]);
  });

  it('is believed from a proxy named in TRUSTED_PROXIES', async () => {
    expect(await claimedAddresses(behindNginx, 4)).toEqual([201, 201, 201, 201]);
  });
});

describe('the form API’s origin', () => {
  const post = async (test: TestApp, headers: Record<string, string>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/forms/contact',
      remoteAddress: '127.0.0.1',
      headers,
      payload: { lang: 'en', values: contactValues(), altcha: await proofOfWork(test.app) },
    });

  it('is never moved by X-Forwarded-Host, even from a trusted proxy', async () => {
    for (const test of [open, behindNginx]) {
      const moved = await post(test, {
        host: 'guichet.test',
        'x-forwarded-host': 'evil.example',
        origin: 'http://evil.example',
      });
      expect(moved.statusCode).toBe(403);
      expect(moved.json()).toMatchObject({ error: 'cross_origin' });
    }
  });

  it('takes its scheme from X-Forwarded-Proto only from a trusted proxy', async () => {
    const headers = {
      host: 'guichet.test',
      'x-forwarded-proto': 'https',
      origin: 'https://guichet.test',
    };
    expect((await post(open, headers)).statusCode).toBe(403);
    expect((await post(behindNginx, headers)).statusCode).toBe(201);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('lists addresses and ranges; anything else is refused by name', () => {
    expect(readEnvironment({}).TRUSTED_PROXIES).toBeUndefined();
    expect(
      readEnvironment({ TRUSTED_PROXIES: '127.0.0.1, ::1,10.0.0.0/8' }).TRUSTED_PROXIES,
    ).toEqual(['127.0.0.1', '::1', '10.0.0.0/8']);
    expect(() => readEnvironment({ TRUSTED_PROXIES: 'loopback' })).toThrow(
      'TRUSTED_PROXIES must list IP addresses or CIDR ranges, separated by commas, not "loopback"',
    );
  });
});

describe('the back office', () => {
  let staff: StaffTestApp;
  beforeAll(async () => {
    staff = await createStaffTestApp();
  });
  afterAll(async () => {
    await staff.close();
  });

  it('answers only the host name of STAFF_ORIGIN: another name gets 421, and a translated page', async () => {
    const ask = (headers: Record<string, string>) =>
      staff.app.inject({ url: '/staff/sign-in', headers });
    expect((await ask({ host: 'localhost:8081' })).statusCode).toBe(200);
    expect((await ask({ host: 'LOCALHOST' })).statusCode).toBe(200);
    for (const host of ['evil.example', '127.0.0.1:8081', 'localhost.evil.example']) {
      const refused = await ask({ host, 'accept-language': 'fr-BE' });
      expect(refused.statusCode, host).toBe(421);
      expect(refused.body).toContain('<h1>Mauvaise adresse</h1>');
      expect(refused.body).toContain(
        'Le back-office ne répond qu’à sa propre adresse : http://localhost:8081',
      );
    }
    const forwarded = await ask({ host: 'evil.example', 'x-forwarded-host': 'localhost' });
    expect(forwarded.statusCode).toBe(421);
  });
});
