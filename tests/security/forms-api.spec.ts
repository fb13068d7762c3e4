// Attack suite, form API (issue #14 items 4, 6, 8, 10, 11; issue #39 item 10), replayed on the
// Node server and through nginx with deploy/nginx/site.conf: posts from another site (also with a
// forged X-Forwarded-Host), uploads without proof of
// work or beyond the per-address budget, inherited names as ids, reused proofs, the smaller
// defects, and the access log.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Challenge } from 'altcha-lib';
import { contactValues, multipartBody, PDF, solve } from '../../server/testing/forms-app.ts';
import { rawRequest, SERVERS, type RawResponse } from './raw-http.ts';

const REJECTED =
  'Your message could not be accepted. Please try again, or contact us by phone or e-mail.';
const json = (response: RawResponse): unknown => JSON.parse(response.body);

/** A solved proof of work from a server. */
async function proofFrom(port: number): Promise<string> {
  const challenge = await rawRequest(port, '/api/challenge');
  return solve(JSON.parse(challenge.body) as Challenge);
}

/** Posts a submission as JSON. */
function postForm(
  port: number,
  body: unknown,
  headers: Record<string, string> = {},
  id = 'contact',
) {
  return rawRequest(port, `/api/forms/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Posts one file; the proof goes in x-proof-of-work unless `proof` is null. */
async function postFile(
  port: number,
  name: string,
  content: Buffer,
  options: { proof?: string | null; headers?: Record<string, string>; query?: string } = {},
) {
  const { payload, headers } = multipartBody(name, content);
  const proof = options.proof === undefined ? await proofFrom(port) : options.proof;
  return rawRequest(port, `/api/uploads?${options.query ?? 'form=contact&field=attachments'}`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-length': String(payload.length),
      ...(proof === null ? {} : { 'x-proof-of-work': proof }),
      ...options.headers,
    },
    body: payload,
  });
}

for (const server of SERVERS) {
  test.describe(server.name, () => {
    const { port } = server;

    test('a post from another site is refused with 403 and a translated message', async () => {
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        { origin: 'null' },
      ];
      for (const headers of foreign) {
        // Refused before the body is read: the language comes from the address.
        const form = await postForm(port, { values: contactValues() }, headers, 'contact?lang=fr');
        expect(form.status).toBe(403);
        expect(json(form)).toEqual({
          error: 'cross_origin',
          message: 'Ce formulaire ne peut être envoyé que depuis les pages de ce site.',
        });
        const upload = await postFile(port, 'letter.pdf', PDF, { headers });
        expect(upload.status).toBe(403);
      }
      // Our own origin passes the check (and meets the next one: no proof of work).
      const own = await postForm(
        port,
        { values: contactValues() },
        {
          origin: `${server.scheme}://127.0.0.1:${port}`,
          'sec-fetch-site': 'same-origin',
        },
      );
      expect(own.status).toBe(422);
      expect(json(own)).toEqual({ error: 'rejected', message: REJECTED });
    });

    test('X-Forwarded-Host does not move the API’s origin: another site’s post is still refused', async () => {
      // nginx clears the header (deploy/nginx/site.conf); Node never reads it for its origin.
      const moved = await postForm(
        port,
        { values: contactValues() },
        {
          'x-forwarded-host': 'evil.example',
          origin: 'http://evil.example',
        },
      );
      expect(moved.status).toBe(403);
      expect(json(moved)).toMatchObject({ error: 'cross_origin' });
    });

    test('an upload needs a fresh proof of work, and is refused by name when empty or doubled', async () => {
      const without = await postFile(port, 'letter.pdf', PDF, { proof: null });
      expect([without.status, json(without)]).toEqual([
        422,
        { error: 'rejected', message: REJECTED },
      ]);
      const proof = await proofFrom(port);
      expect((await postFile(port, 'letter.pdf', PDF, { proof })).status).toBe(201);
      const reused = await postFile(port, 'letter.pdf', PDF, { proof });
      expect([reused.status, json(reused)]).toEqual([
        422,
        { error: 'rejected', message: REJECTED },
      ]);
      const empty = await postFile(port, 'blank.pdf', Buffer.alloc(0));
      expect(json(empty)).toEqual({
        error: 'empty_file',
        message: 'The file “blank.pdf” is empty. Please choose another file.',
      });
      const latin1 = await postFile(port, 'notes.txt', Buffer.from('Été à Liège\r\n', 'latin1'));
      expect(latin1.status).toBe(201);
      const boundary = '----guichet-attack';
      const part = (name: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n${PDF.toString('latin1')}\r\n`;
      const body = Buffer.from(`${part('one.pdf')}${part('two.pdf')}--${boundary}--\r\n`, 'latin1');
      const two = await rawRequest(port, '/api/uploads?form=contact&field=attachments', {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
          'x-proof-of-work': await proofFrom(port),
        },
        body,
      });
      expect([two.status, json(two)]).toEqual([
        400,
        { error: 'too_many_files', message: 'Please upload at most 1 file.' },
      ]);
    });

    test('uploads from one address meet its byte budget: 413 with a translated message', async () => {
      // A reader's address as the proxy on this machine reports it (trusted from loopback).
      const address = { 'x-forwarded-for': `198.51.100.${server.name === 'nginx' ? 2 : 1}` };
      const file = Buffer.concat([PDF, Buffer.alloc(600 * 1024, 0x20)]);
      const statuses: number[] = [];
      let last: RawResponse | undefined;
      for (let round = 0; round < 4; round++) {
        last = await postFile(port, `scan-${round}.pdf`, file, {
          headers: address,
          query: 'form=contact&field=attachments&lang=de',
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([201, 201, 201, 413]);
      expect(last && json(last)).toEqual({
        error: 'upload_quota',
        message:
          'Von Ihrer Verbindung wurden heute zu viele Dateien gesendet. Bitte versuchen Sie es in 24 Stunden erneut oder kontaktieren Sie uns per Telefon oder E-Mail.',
      });
    });

    test('inherited names as ids are unknown forms (404 JSON), never a 500', async () => {
      for (const id of ['constructor', '__proto__', 'toString']) {
        const form = await postForm(port, { values: {} }, {}, id);
        expect([form.status, json(form)]).toEqual([404, { error: 'not_found', message: REJECTED }]);
        const upload = await postFile(port, 'letter.pdf', PDF, {
          query: `form=${id}&field=attachments`,
        });
        expect(upload.status).toBe(404);
      }
    });

    test('a proof is accepted once; the honeypot gets the same answer as any refusal', async () => {
      const altcha = await proofFrom(port);
      expect((await postForm(port, { values: contactValues(), altcha })).status).toBe(201);
      // Replayed, here and through the other server: the database remembers it.
      for (const other of SERVERS) {
        const replayed = await postForm(other.port, { values: contactValues(), altcha });
        expect([replayed.status, json(replayed)]).toEqual([
          422,
          { error: 'rejected', message: REJECTED },
        ]);
      }
      const bot = await postForm(port, {
        values: contactValues(),
        website: 'http://spam.example',
        altcha: await proofFrom(port),
      });
      expect([bot.status, json(bot)]).toEqual([422, { error: 'rejected', message: REJECTED }]);
    });

    test('an answer of spaces or invisible characters does not fill a required field', async () => {
      const response = await postForm(port, {
        values: contactValues({ message: '\u200b \u00a0\u2060' }),
        altcha: await proofFrom(port),
      });
      expect(response.status).toBe(422);
      expect(json(response)).toMatchObject({ errors: { message: 'Please enter a value.' } });
    });
  });
}

test('the nginx access log holds no reader address and no query string', async () => {
  const [, nginx] = SERVERS;
  const path = `/en/private-${Date.now()}`;
  await rawRequest(nginx.port, `${path}?q=a+victim%27s+name`, {
    headers: { 'x-forwarded-for': '192.0.2.55' },
  });
  const log = await readFile('.cache/nginx/access.log', 'utf8');
  expect(log).toContain(` GET "${path}" 404 `);
  expect(log).not.toMatch(/127\.0\.0\.1|192\.0\.2\.55|victim/);
});
