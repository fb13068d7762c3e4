// The inbox's date range: days written as the site writes them (dd/mm/yyyy), read as days in
// Brussels, where the desk works, and turned into the UTC instants the database stores.

/** The dates of the range as typed, and which of them is not a date. */
export interface TypedDates {
  from: string;
  to: string;
  invalid: ('from' | 'to')[];
}

/** A day as a member types it ("3/2/2026", "03/02/2026"), or null if it is not one. */
export function parseDay(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

const BRUSSELS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Brussels',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** How far Brussels' clock is ahead of UTC at `instant`, in milliseconds. */
function brusselsOffset(instant: number): number {
  const parts = Object.fromEntries(
    BRUSSELS.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
  );
  const local = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  return local - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The UTC instant (ISO) at which a day starts in Brussels; `later` days after it. Midnight is
 * never in a clock change there (they happen at 2 and 3 o'clock), so one offset is exact.
 */
export function brusselsDayStart(
  day: { year: number; month: number; day: number },
  later = 0,
): string {
  const midnight = Date.UTC(day.year, day.month - 1, day.day + later);
  return new Date(midnight - brusselsOffset(midnight)).toISOString();
}
