// The publisher's next scheduled instant, read from the fetched content's front matter: the
// earliest publishAt or unpublishAt after now of the news and events, a file without one or
// with a date that is not one ignored.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nextDueIn } from './schedule-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'schedule-source-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
mkdirSync(join(dir, 'news'));
mkdirSync(join(dir, 'events'));
mkdirSync(join(dir, 'pages'));
const front = (lines: string) => `---\ntitle: x\n${lines}\n---\nText.\n`;
writeFileSync(join(dir, 'news/a.en.md'), front('publishAt: 2026-12-01T09:00'));
writeFileSync(join(dir, 'news/b.en.md'), front('publishAt: 2026-13-45T09:00'));
writeFileSync(join(dir, 'news/c.en.md'), front('date: 2026-11-01'));
writeFileSync(join(dir, 'events/d.fr.md'), front('unpublishAt: 2026-11-30T20:00'));
// A page is never scheduled: its field is not read.
writeFileSync(join(dir, 'pages/e.en.md'), front('publishAt: 2026-11-28T09:00'));

describe('nextDueIn', () => {
  it('gives the earliest scheduled instant of the news and events after now', async () => {
    const next = async (iso: string) => {
      const at = await nextDueIn(dir, Date.parse(iso));
      return at === undefined ? undefined : new Date(at).toISOString();
    };
    expect(await next('2026-11-27T00:00:00Z')).toBe('2026-11-30T19:00:00.000Z');
    expect(await next('2026-11-30T19:00:00Z')).toBe('2026-12-01T08:00:00.000Z');
    expect(await next('2026-12-01T08:00:00Z')).toBeUndefined();
  });
});
