import { describe, expect, it } from 'vitest';
import { neighboursOf, peerGroups, type Dated } from './dated-items.ts';

const news = (key: string, date: string, topics: string[], lang = 'en'): Dated => ({
  kind: 'news',
  lang,
  path: `/${lang}/news/${key}`,
  title: key,
  summary: `${key} summary`,
  date,
  topics,
});

const items = [
  news('a', '2026-01-01', ['x']),
  news('b', '2026-02-01', ['y']),
  news('c', '2026-03-01', ['x', 'y']),
  news('d', '2026-04-01', ['z']),
  news('e', '2026-05-01', ['x']),
  news('other-language', '2026-02-15', ['x'], 'nl'),
  { ...news('event', '2026-02-20', ['x']), kind: 'event' },
];
const titles = (links: { title: string }[]) => links.map((link) => link.title);
const peersOf = peerGroups(items);
const around = (item: Dated | undefined) => {
  if (!item) throw new Error('no such item');
  return neighboursOf(item, peersOf(item));
};

describe('neighboursOf', () => {
  it('links the older item as previous and the newer one as next, in the same kind and language', () => {
    const { previous, next } = around(items[1]);
    expect(previous?.title).toBe('a');
    expect(next?.title).toBe('c');
  });

  it('has no previous for the oldest item and no next for the newest', () => {
    expect(around(items[0]).previous).toBeUndefined();
    expect(around(items[4]).next).toBeUndefined();
  });

  it('relates items with most shared topics first, then the newest, three at most', () => {
    expect(titles(around(items[2]).related)).toEqual(['e', 'b', 'a']);
    expect(titles(around(items[3]).related)).toEqual(['e', 'c', 'b']);
  });
});
