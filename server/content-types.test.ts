import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { contentTypeFor } from './url-rules.ts';

describe('contentTypeFor', () => {
  it('names calendars, feeds and other XML files with their charset, and leaves the rest alone', () => {
    expect(contentTypeFor('/en/agenda.ics')).toBe('text/calendar; charset=utf-8');
    expect(contentTypeFor('/nl/agenda/herdenking.ics')).toBe('text/calendar; charset=utf-8');
    expect(contentTypeFor('/en/news/rss.xml')).toBe('application/rss+xml; charset=utf-8');
    expect(contentTypeFor('/sitemap.xml')).toBe('application/xml; charset=utf-8');
    expect(contentTypeFor('/en/news')).toBeNull();
    expect(contentTypeFor('/assets/entry.js')).toBeNull();
  });
});

describe('the server sends calendars and feeds with their types', () => {
  const dist = mkdtempSync(join(tmpdir(), 'guichet-types-'));
  const rss = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>${'<item/>'.repeat(200)}</channel></rss>`;
  let app: Awaited<ReturnType<typeof createApp>>;

  beforeAll(async () => {
    mkdirSync(join(dist, 'en/news'), { recursive: true });
    const ics = `BEGIN:VCALENDAR\r\n${'X-FILL:calendar\r\n'.repeat(100)}END:VCALENDAR\r\n`;
    writeFileSync(join(dist, 'en/agenda.ics'), ics);
    writeFileSync(join(dist, 'en/agenda.ics.br'), brotliCompressSync(ics));
    writeFileSync(join(dist, 'en/news/rss.xml'), rss);
    writeFileSync(join(dist, 'en/news/rss.xml.br'), brotliCompressSync(rss));
    app = await createApp({ distDir: dist, logLevel: 'warn' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves .ics as text/calendar, also from its precompressed copy', async () => {
    const response = await app.inject({ url: '/en/agenda.ics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const compressed = await app.inject({
      url: '/en/agenda.ics',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toBe('text/calendar; charset=utf-8');
  });

  it('serves the news feed as RSS, also from its precompressed copy', async () => {
    const plain = await app.inject({ url: '/en/news/rss.xml' });
    expect(plain.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const compressed = await app.inject({
      url: '/en/news/rss.xml',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  });
});
