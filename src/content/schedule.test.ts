// Scheduled publishing: the Brussels time of publishAt/unpublishAt (winter and summer time), an
// item left out of the loaded content before publishAt and from unpublishAt on, and the next
// instant the publisher must publish at.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEXT_ONLY_ADDRESS } from './site.ts';
import type { ContentItem } from './items.ts';
import { loadContent } from './load-content.ts';
import { brusselsInstant, isOnline, nextScheduledChange } from './schedule.ts';
import { newsSchema } from './schemas.ts';

describe('schedule', () => {
  it('reads the times as Brussels time: UTC+1 in winter, UTC+2 in summer', () => {
    expect(new Date(brusselsInstant('2026-12-01T09:00')).toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(new Date(brusselsInstant('2026-07-01T09:00')).toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
  });

  it('keeps an item online from publishAt (included) until unpublishAt (excluded)', () => {
    const item = { publishAt: '2026-12-01T09:00', unpublishAt: '2026-12-08T18:30' };
    const at = (iso: string) => isOnline(item, Date.parse(iso));
    expect([
      at('2026-12-01T07:59:59Z'),
      at('2026-12-01T08:00:00Z'),
      at('2026-12-08T17:29:59Z'),
      at('2026-12-08T17:30:00Z'),
    ]).toEqual([false, true, true, false]);
    expect(isOnline({}, 0)).toBe(true);
  });

  it('finds the next publishAt or unpublishAt after now', () => {
    const items = [
      { publishAt: '2026-12-01T09:00' },
      { unpublishAt: '2026-11-30T23:00' },
      { publishAt: '2026-11-01T09:00', unpublishAt: '2027-01-01T00:00' },
    ];
    const next = (iso: string) => {
      const at = nextScheduledChange(items, Date.parse(iso));
      return at === undefined ? undefined : new Date(at).toISOString();
    };
    expect(next('2026-11-27T00:00:00Z')).toBe('2026-11-30T22:00:00.000Z');
    expect(next('2026-11-30T22:00:00Z')).toBe('2026-12-01T08:00:00.000Z');
    expect(next('2026-12-31T23:00:00Z')).toBeUndefined();
  });

  it('accepts YYYY-MM-DDTHH:MM only', () => {
    const field = newsSchema.shape.publishAt;
    expect(field.safeParse('2026-12-01T09:00').success).toBe(true);
    expect(field.safeParse('2026-12-01').success).toBe(false);
    expect(field.safeParse('2026-12-01T09:00:00Z').success).toBe(false);
  });
});

describe('loadContent with a scheduled news item', () => {
  const dir = mkdtempSync(join(tmpdir(), 'schedule-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const content = join(dir, 'content');
  cpSync(join(import.meta.dirname, '../../content'), content, { recursive: true });
  const source = readFileSync(join(content, 'news/brussels-trial-jury-2022.en.md'), 'utf8');
  writeFileSync(
    join(content, 'news/brussels-trial-jury-2022.en.md'),
    source.replace(
      '\ndate:',
      '\npublishAt: 2026-12-01T09:00\nunpublishAt: 2027-01-01T00:00\ndate:',
    ),
  );
  // The parsed items kept between the loads, as the build keeps them: one parse, five filters.
  const items = new Map<string, ContentItem>();
  const cache = {
    get: (key: string) => items.get(key),
    set: (key: string, item: ContentItem) => items.set(key, item),
  };
  const has = (iso: string) =>
    loadContent(content, TEXT_ONLY_ADDRESS, cache, undefined, Date.parse(iso)).news.some(
      (item) => item.id === 'news:brussels-trial-jury-2022.en',
    );

  it(
    'leaves the item out before publishAt and from unpublishAt on, and keeps its translations',
    { timeout: 30_000 },
    () => {
      expect([
        has('2026-12-01T07:59:00Z'),
        has('2026-12-01T08:00:00Z'),
        has('2026-12-31T23:00:00Z'),
      ]).toEqual([false, true, false]);
      const early = loadContent(content, TEXT_ONLY_ADDRESS, cache, undefined, 0);
      expect(
        early.news.filter((item) => item.translationKey === 'brussels-trial-jury-2022'),
      ).toHaveLength(3);
    },
  );
});
