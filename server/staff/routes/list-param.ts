// The `list` parameter (issue 42): the inbox page a submission was opened from, carried to the
// submission's page (previous/next, back to the list) and back from a bulk action. It is only
// ever an inbox address as the inbox writes it: parsed with filterOf, written again with
// listHref, and dropped unless both agree, so it cannot lead anywhere but the inbox.
import type { InboxFilter } from '../inbox.ts';
import type { TypedDates } from '../inbox-dates.ts';
import { filterOf, type FilterDeps } from '../inbox-query.ts';
import { listHref } from '../pages/inbox.ts';
import { firstString } from './context.ts';

export interface ListParam {
  filter: InboxFilter;
  dates: TypedDates;
  /** The inbox's address, as listHref writes it (the value itself, once checked). */
  href: string;
}

/** The inbox list a `list` value names, or undefined when it is not an inbox address. */
export function listOf(value: unknown, deps: FilterDeps): ListParam | undefined {
  const text = firstString(value);
  if (!text || text.length > 2000) return undefined;
  const match = /^\/staff(?:\?([^#]*))?$/.exec(text);
  if (!match) return undefined;
  const query = new URLSearchParams(match[1] ?? '');
  const { filter, dates } = filterOf(Object.fromEntries(query), deps);
  const href = listHref(filter);
  return href === text ? { filter, dates, href } : undefined;
}
