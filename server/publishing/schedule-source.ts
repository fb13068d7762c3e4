// The schedule of the content last fetched: the `publishAt` / `unpublishAt` of every news item
// and event of the checkout (RELEASES_DIR/source/checkout/content), read from their front matter
// alone, so that the publisher service knows when to publish next (publish-queue.ts).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { FRONT_MATTER, ITEM_FOLDERS, itemFiles } from '../../src/content/items.ts';
import { nextScheduledChange, type Scheduled } from '../../src/content/schedule.ts';

const SCHEDULED = /^(publishAt|unpublishAt):/m;

/** Reads one file's schedule; undefined when it has none or cannot be read. */
async function scheduleOf(file: string): Promise<Scheduled | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const front = FRONT_MATTER.exec(text)?.[1];
  if (!front || !SCHEDULED.test(front)) return undefined;
  try {
    const { publishAt, unpublishAt } = (parse(front) ?? {}) as Record<string, unknown>;
    const schedule: Scheduled = {
      ...(typeof publishAt === 'string' ? { publishAt } : {}),
      ...(typeof unpublishAt === 'string' ? { unpublishAt } : {}),
    };
    nextScheduledChange([schedule], 0); // Throws for a date that is not one.
    return schedule;
  } catch {
    return undefined; // The build refuses it and says why.
  }
}

/** The next instant (ms) after `now` at which a news item or an event goes online or offline. */
export async function nextDueIn(contentDir: string, now: number): Promise<number | undefined> {
  const files = [ITEM_FOLDERS.news, ITEM_FOLDERS.event].flatMap((folder) =>
    itemFiles(join(contentDir, folder)),
  );
  const schedules = await Promise.all(files.map(scheduleOf));
  return nextScheduledChange(
    schedules.filter((schedule) => schedule !== undefined),
    now,
  );
}
