// Scheduled publishing (issue 46): a news item or an event may say when it goes online
// (`publishAt`) and when it goes offline (`unpublishAt`), as a Brussels date and time
// (YYYY-MM-DDTHH:MM). The content loader leaves out an item outside that window, so the build
// never writes it; the publisher service (server/publishing/publish-queue.ts) publishes again at
// the next of these instants, by itself.
import { parseDateTime, toZoned } from '@internationalized/date';
import { z } from 'zod';

const TIME_ZONE = 'Europe/Brussels';

const brusselsDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'YYYY-MM-DDTHH:MM (Brussels time)');

/** The two fields, shared by the news and event schemas. */
export const scheduleFields = {
  publishAt: brusselsDateTime
    .describe('Goes online at this date and time (Brussels); empty: at once')
    .optional(),
  unpublishAt: brusselsDateTime
    .describe('Goes offline at this date and time (Brussels); empty: stays online')
    .optional(),
};

/** What an item says of its schedule. */
export interface Scheduled {
  publishAt?: string | undefined;
  unpublishAt?: string | undefined;
}

/** The instant (ms since 1970) of a Brussels YYYY-MM-DDTHH:MM; in a clock change, the earlier. */
export const brusselsInstant = (text: string): number =>
  toZoned(parseDateTime(text), TIME_ZONE, 'earlier').toDate().getTime();

/** Whether an item is online at `now` (ms): from publishAt (included) until unpublishAt (excluded). */
export const isOnline = (item: Scheduled, now: number): boolean =>
  (item.publishAt === undefined || brusselsInstant(item.publishAt) <= now) &&
  (item.unpublishAt === undefined || brusselsInstant(item.unpublishAt) > now);

/** The first publishAt or unpublishAt of the items after `now`, or undefined. */
export function nextScheduledChange(items: Iterable<Scheduled>, now: number): number | undefined {
  let next: number | undefined;
  for (const item of items)
    for (const text of [item.publishAt, item.unpublishAt]) {
      if (text === undefined) continue;
      const at = brusselsInstant(text);
      if (at > now && (next === undefined || at < next)) next = at;
    }
  return next;
}
