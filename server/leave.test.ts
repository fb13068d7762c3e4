// POST /api/leave: Clear-Site-Data for our own pages only; another site, a page that says nothing
// of where it comes from, or another method gets nothing cleared.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LEAVE_API_PATH } from '../src/runtime/leave-site.ts';
import { createApp } from './app.ts';
import { CLEAR_SITE_DATA, LEAVE_PATH } from './leave.ts';

let app: FastifyInstance;
const dist = mkdtempSync(join(tmpdir(), 'guichet-leave-'));

beforeAll(async () => {
  app = await createApp({ distDir: dist, logLevel: 'silent' });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const post = (headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: LEAVE_PATH, headers: { host: 'guichet.test', ...headers } });

describe('POST /api/leave', () => {
  it('is the path the page script calls', () => {
    expect(LEAVE_API_PATH).toBe(LEAVE_PATH);
  });

  it('answers our own pages with Clear-Site-Data for the cache and storage, never cookies', async () => {
    const response = await post({ 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode).toBe(204);
    expect(response.headers['clear-site-data']).toBe(CLEAR_SITE_DATA);
    expect(CLEAR_SITE_DATA).toBe('"cache", "storage"');
    expect(response.headers['cache-control']).toBe('no-store');
    const byOrigin = await post({ origin: 'http://guichet.test' });
    expect(byOrigin.statusCode).toBe(204);
  });

  it('refuses another site, and a request that does not say where it comes from', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      {},
    ] as Record<string, string>[]) {
      const response = await post(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.headers['clear-site-data']).toBeUndefined();
    }
  });

  it('clears nothing on a GET', async () => {
    const response = await app.inject({ method: 'GET', url: LEAVE_PATH });
    expect(response.statusCode).toBe(404);
    expect(response.headers['clear-site-data']).toBeUndefined();
  });
});
