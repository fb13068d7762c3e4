// Helpers for the form API's tests and benchmarks: an app on temporary storage, a solved
// proof of work, multipart bodies.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app.ts';
import type { FormsConfig } from './config.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface TestApp {
  app: FastifyInstance;
  config: FormsConfig;
  dir: string;
  close: () => Promise<void>;
}

/** An app with the form API on a temporary SQLite file (or `databaseUrl`) and upload folder. */
export async function createTestApp(overrides: Partial<FormsConfig> = {}): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'guichet-forms-'));
  const config: FormsConfig = {
    root: ROOT,
    contentDir: join(ROOT, 'content'),
    databaseUrl: `sqlite:${join(dir, 'site.db')}`,
    uploadDir: join(dir, 'uploads'),
    rateLimit: { submissions: 1000, uploads: 1000, windowMs: 60_000 },
    // A light proof of work keeps the tests fast; the check is the same.
    proofOfWork: { counterMin: 0, counterMax: 20 },
    ...overrides,
  };
  const app = await createApp({ distDir: dir, logLevel: 'silent', forms: config });
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

/** A multipart/form-data body with one file part named "file". */
export function multipartBody(
  fileName: string,
  content: Buffer,
  type = 'application/octet-stream',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----guichet${Math.random().toString(16).slice(2)}`;
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
