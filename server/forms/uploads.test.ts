// Uploads under attack (issue #39 items 9 and 11): a file name's bidi overrides and invisible
// characters are stripped on upload, so the desk sees the name the file really has, and the
// download names it per RFC 5987; no plain byte of a file reaches the disk, not even while it is
// still arriving; the database and the files are readable by the server's user only, whatever
// the umask.
import { request } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  multipartBody,
  proofOfWork,
  storedFile,
  submitWithFile,
  type TestApp,
} from '../testing/forms-app.ts';
import { createStaffTestApp } from '../testing/staff-app.ts';
import { PlainTextCheck } from './file-check.ts';
import { PARTIAL_DIR } from './uploads.ts';

let test: TestApp;
beforeEach(async () => {
  test = await createTestApp();
});
afterEach(async () => {
  await test.close();
});

/** A submission with a text file under a name: the token, the name as kept, the reference. */
async function sendFile(fileName: string, content = 'a letter\n') {
  const sent = await submitWithFile(test.app, fileName, content);
  expect(sent.status).toBe(201);
  return { token: sent.token, shown: sent.name, reference: sent.reference };
}

describe('a file name', () => {
  it('loses its bidi overrides and invisible characters on upload, and is downloaded under the name it has', async () => {
    const cases: [string, string][] = [
      // Shown as "notestxt.pdf" while it is a text file.
      ['notes\u202Efdp.txt', 'notesfdp.txt'],
      ['scan\u2066\u2069\u200B\u200D\uFEFF.txt', 'scan.txt'],
      ['le\u00ADtter\u2028.txt', 'letter.txt'],
    ];
    const staff = await createStaffTestApp({ config: test.config });
    try {
      await staff.member('agent-1', 'agent');
      const { cookie } = await staff.sessionOf('agent-1');
      for (const [sent, kept] of cases) {
        const file = await sendFile(sent);
        expect(file.shown, JSON.stringify(sent)).toBe(kept);
        const { db } = test.app.formsApi.storage;
        expect((await storedFile(db, test.config.uploadDir, file.token)).name).toBe(kept);
        const download = await staff.app.inject({
          url: `/staff/submissions/${file.reference}/files/${file.token}`,
          headers: { cookie },
        });
        expect(download.headers['content-disposition']).toBe(
          `attachment; filename="${kept}"; filename*=UTF-8''${kept}`,
        );
      }
      // RFC 5987: ' ( ) * are not attr-chars; non-ASCII in UTF-8, and "_" in the ASCII name.
      const quoted = await sendFile("l’avis d'expert (copie)*.txt");
      const download = await staff.app.inject({
        url: `/staff/submissions/${quoted.reference}/files/${quoted.token}`,
        headers: { cookie },
      });
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="l_avis d'expert (copie).txt"; filename*=UTF-8''l%E2%80%99avis%20d%27expert%20%28copie%29.txt`,
      );
    } finally {
      await staff.close();
    }
  });
});

/** Sends the start of an upload and holds the rest back; sends it when `finish` is called. */
function halfUpload(port: number, body: Buffer, headers: Record<string, string>, cut: number) {
  const outgoing = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/uploads?form=contact&field=attachments',
    headers: { ...headers, 'content-length': String(body.length) },
  });
  const status = new Promise<number>((resolve, reject) => {
    outgoing.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
  });
  outgoing.write(body.subarray(0, cut));
  return {
    finish: () => {
      outgoing.end(body.subarray(cut));
      return status;
    },
  };
}

describe('an upload on its way in', () => {
  it('is encrypted before it reaches the disk: no plain byte of it is in partial/, even half sent', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const address = test.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const marker = 'hearing of 14 March, the name of my neighbour';
    const content = Buffer.from(`${marker}\n`.repeat(4000));
    const { payload, headers } = multipartBody('statement.txt', content, 'text/plain');
    const upload = halfUpload(
      port,
      payload,
      { ...headers, 'x-proof-of-work': await proofOfWork(test.app) },
      payload.length >> 1,
    );
    const partial = join(test.config.uploadDir, PARTIAL_DIR);
    // Until half the file is on disk (the server writes as it receives).
    let written = Buffer.alloc(0);
    for (let attempt = 0; attempt < 400 && written.length < content.length / 4; attempt++) {
      const [name] = await readdir(partial).catch(() => []);
      if (name) written = await readFile(join(partial, name));
      if (written.length < content.length / 4) await sleep(25);
    }
    expect(written.length).toBeGreaterThan(content.length / 4);
    expect(written.includes('hearing of 14 March')).toBe(false);
    expect(await upload.finish()).toBe(201);
    const [kept] = (await readdir(test.config.uploadDir)).filter((name) => name !== PARTIAL_DIR);
    const stored = await readFile(join(test.config.uploadDir, kept ?? ''));
    expect(stored.includes('hearing of 14 March')).toBe(false);
    expect(await readdir(partial)).toEqual([]);
    const { db } = test.app.formsApi.storage;
    expect((await storedFile(db, test.config.uploadDir, kept ?? '')).bytes.equals(content)).toBe(
      true,
    );
  });
});

describe('the database and the upload folder', () => {
  it('are readable by the server’s user only (0600 files, 0700 folders), whatever the umask', async () => {
    await sendFile('letter.txt');
    const mode = async (path: string) => (await stat(path)).mode & 0o777;
    for (const name of ['site.db', 'site.db-wal', 'site.db-shm']) {
      expect(await mode(join(test.dir, name)), name).toBe(0o600);
    }
    const { uploadDir } = test.config;
    expect(await mode(uploadDir)).toBe(0o700);
    expect(await mode(join(uploadDir, PARTIAL_DIR))).toBe(0o700);
    for (const name of (await readdir(uploadDir)).filter((entry) => entry !== PARTIAL_DIR)) {
      expect(await mode(join(uploadDir, name)), name).toBe(0o600);
    }
  });
});

describe('the plain-text check, chunk by chunk', () => {
  it('judges a file as a whole, wherever its chunks are cut', () => {
    const judge = (bytes: Buffer, cut: number) => {
      const check = new PlainTextCheck();
      check.feed(bytes.subarray(0, cut));
      check.feed(bytes.subarray(cut));
      return check.end();
    };
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Été à Liège\r\n', 'utf16le'),
    ]);
    const cases: [Buffer, boolean][] = [
      [Buffer.from('Été à Liège\r\n'), true],
      [Buffer.from('Été à Liège\r\n', 'latin1'), true],
      [utf16, true],
      // A lone half of a UTF-16 character, and a NUL: not text.
      [utf16.subarray(0, utf16.length - 1), false],
      [Buffer.from('text\u0000more'), false],
    ];
    for (const [bytes, plain] of cases) {
      for (const cut of [0, 1, 2, 3, bytes.length - 1]) {
        expect(judge(bytes, cut), `${bytes.toString('hex')} cut at ${String(cut)}`).toBe(plain);
      }
    }
  });
});
