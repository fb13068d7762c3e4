// Helpers for the form API's tests and benchmarks: an app on temporary storage, a solved
// proof of work, multipart bodies.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { openKeptFile } from '../forms/kept-files.ts';
import { createApp, type AppOptions } from '../app.ts';
import type { FormsConfig } from '../forms/config.ts';
import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import {
  newMasterKeyText,
  parseMasterKey,
  readSealed,
  unwrapDataKey,
} from '../storage/encryption.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The master key of encryption at rest in tests: a new one per test process. */
export const TEST_MASTER_KEY_TEXT = newMasterKeyText();
export const TEST_MASTER_KEY = parseMasterKey(TEST_MASTER_KEY_TEXT);

/** A stored submission's values as JSON text, decrypted. */
export async function storedValuesText(db: Kysely<Database>, reference: string): Promise<string> {
  const row = await db
    .selectFrom('submissions')
    .select(['data', 'wrapped_key'])
    .where('id', '=', reference)
    .executeTakeFirstOrThrow();
  return readSealed(TEST_MASTER_KEY, row.wrapped_key, row.data);
}

/** A kept upload's bytes and name, decrypted. */
export async function storedFile(
  db: Kysely<Database>,
  uploadDir: string,
  token: string,
): Promise<{ name: string; bytes: Buffer }> {
  const row = await db
    .selectFrom('uploads')
    .select(['file_name', 'wrapped_key'])
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  if (!row.wrapped_key) throw new Error(`upload ${token} is not encrypted`);
  const { stream } = await openKeptFile(
    db,
    uploadDir,
    token,
    unwrapDataKey(TEST_MASTER_KEY, row.wrapped_key),
  );
  return {
    name: readSealed(TEST_MASTER_KEY, row.wrapped_key, row.file_name),
    bytes: await buffer(stream),
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: FormsConfig;
  dir: string;
  close: () => Promise<void>;
}

/** The form API's settings for a test: a SQLite file and an upload folder in `dir`, a light proof of work. */
export const testFormsConfig = (
  dir: string,
  overrides: Partial<FormsConfig> = {},
): FormsConfig => ({
  root: ROOT,
  contentDir: join(ROOT, 'content'),
  databaseUrl: `sqlite:${join(dir, 'site.db')}`,
  masterKey: TEST_MASTER_KEY,
  uploadDir: join(dir, 'uploads'),
  rateLimit: { submissions: 1000, uploads: 1000, windowMs: 60_000 },
  uploads: {
    perAddressBytes: 200 * 1024 * 1024,
    perAddressWindowMs: 24 * 3_600_000,
    pendingBytes: 2048 * 1024 * 1024,
    orphanAgeMs: 24 * 3_600_000,
    sweepIntervalMs: 3_600_000,
  },
  // A light proof of work keeps the tests fast; the check is the same.
  proofOfWork: { counterMin: 0, counterMax: 20 },
  ...overrides,
});

/**
 * An app with the form API on a temporary SQLite file (or `databaseUrl`) and upload folder;
 * `appOptions` sets the app's own options (its log, for one).
 */
export async function createTestApp(
  overrides: Partial<FormsConfig> = {},
  appOptions: Partial<AppOptions> = {},
): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'guichet-forms-'));
  const config = testFormsConfig(dir, overrides);
  const app = await createApp({ distDir: dir, logLevel: 'silent', forms: config, ...appOptions });
  return {
    app,
    config,
    dir,
    close: async () => {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Solves a challenge as a browser would; the base64 payload the form sends. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Fetches a challenge from the app and solves it. */
export async function proofOfWork(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/challenge' });
  return solve(response.json<Challenge>());
}

/**
 * Posts one file to a form's file field as the browser does: with a fresh proof of work in the
 * x-proof-of-work header (`proof: null` leaves it out).
 */
export async function postUpload(
  app: FastifyInstance,
  fileName: string,
  content: Buffer,
  options: {
    type?: string;
    form?: string;
    field?: string;
    lang?: string;
    proof?: string | null;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
) {
  const { payload, headers } = multipartBody(fileName, content, options.type);
  const proof = options.proof === undefined ? await proofOfWork(app) : options.proof;
  const query = new URLSearchParams({
    form: options.form ?? 'contact',
    field: options.field ?? 'attachments',
    lang: options.lang ?? 'en',
  });
  return app.inject({
    method: 'POST',
    url: `/api/uploads?${query.toString()}`,
    payload,
    headers: {
      ...headers,
      ...(proof === null ? {} : { 'x-proof-of-work': proof }),
      ...options.headers,
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/**
 * A visitor's contact-form submission with one text file, as the browser sends them: the upload,
 * then the form with its token; the file's token and name as the API answered, and the reference.
 */
export async function submitWithFile(
  app: FastifyInstance,
  fileName: string,
  content: string,
  values: Record<string, unknown> = {},
): Promise<{ status: number; token: string; name: string; reference: string }> {
  const uploaded = await postUpload(app, fileName, Buffer.from(content), { type: 'text/plain' });
  const { token, name } = uploaded.json<{ token: string; name: string }>();
  const sent = await app.inject({
    method: 'POST',
    url: '/api/forms/contact',
    payload: {
      values: contactValues({ ...values, attachments: [token] }),
      altcha: await proofOfWork(app),
    },
  });
  const { reference = '' } = sent.json<{ reference?: string }>();
  return { status: sent.statusCode, token, name, reference };
}

/** A multipart/form-data body with one file part named "file". */
export function multipartBody(
  fileName: string,
  content: Buffer,
  type = 'application/octet-stream',
): { payload: Buffer; headers: Record<string, string> } {
  // Of a fixed length, so that every body of the same file has the same size.
  const boundary = `----guichet${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal valid PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A valid contact-form submission body, with overrides. */
export function contactValues(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'A. Reader',
    topic: 'financial-aid',
    message: 'When will my file be handled?',
    replyBy: 'email',
    email: 'reader@example.org',
    phone: '',
    attachments: [],
    consent: true,
    ...overrides,
  };
}
