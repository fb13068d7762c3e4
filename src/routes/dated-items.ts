// How dated items (news, attacks, events) relate to each other: their order by date, the
// previous and next item of an article, and its related items (shared topics first).
import type { ArticleLink } from './page-data.ts';

export interface Dated {
  kind: string;
  lang: string;
  path: string;
  title: string;
  summary: string;
  /** YYYY-MM-DD, or YYYY-MM-DDTHH:MM for events. */
  date: string;
  topics: readonly string[];
}

const linkOf = (item: Dated): ArticleLink => ({
  title: item.title,
  path: item.path,
  date: item.date,
  summary: item.summary,
});

/** Oldest first; items of the same date by path, so the order never depends on file order. */
export const byDate = (a: Dated, b: Dated): number =>
  a.date.localeCompare(b.date) || a.path.localeCompare(b.path);

export const RELATED_COUNT = 3;

/**
 * Whether an event is still to come on the Brussels date `today` (YYYY-MM-DD): its last day,
 * the end's or else the start's, is today or later. The agenda and the home pages use it.
 */
export function isUpcoming(item: { date: string; end?: string }, today: string): boolean {
  return (item.end ?? item.date).slice(0, 10) >= today;
}

/** Items grouped by kind and language, each group oldest first: the peers of neighboursOf. */
export function peerGroups(items: readonly Dated[]): (item: Dated) => Dated[] {
  const groups = new Map<string, Dated[]>();
  const keyOf = (item: Dated) => `${item.kind}:${item.lang}`;
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  for (const group of groups.values()) group.sort(byDate);
  return (item) => groups.get(keyOf(item)) ?? [];
}

/**
 * The neighbours of `item` among its peers (same kind and language, oldest first, see
 * peerGroups): previous (older) and next (newer) by date, and up to three related items, those
 * sharing most topics first, then the newest.
 */
export function neighboursOf(
  item: Dated,
  peers: readonly Dated[],
): { previous?: ArticleLink; next?: ArticleLink; related: ArticleLink[] } {
  const index = peers.findIndex((other) => other.path === item.path);
  const previous = index > 0 ? peers[index - 1] : undefined;
  const next = peers[index + 1];
  const shared = (other: Dated) => other.topics.filter((id) => item.topics.includes(id)).length;
  const related = peers
    .filter((other) => other.path !== item.path)
    .map((other) => ({ other, score: shared(other) }))
    .sort((a, b) => b.score - a.score || byDate(b.other, a.other))
    .slice(0, RELATED_COUNT)
    .map(({ other }) => linkOf(other));
  return {
    ...(previous ? { previous: linkOf(previous) } : {}),
    ...(next && index >= 0 ? { next: linkOf(next) } : {}),
    related,
  };
}
