// Calendar dates in Europe/Brussels: "today" where the site's readers and events are, date
// arithmetic on YYYY-MM-DD strings, the dd/mm/yyyy form of the filters, and UTC offsets.
// Content dates are Brussels wall-clock strings, so whole-day arithmetic needs no time zone.

export const BRUSSELS = 'Europe/Brussels';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY = 86_400_000;

// Each format is made on its first use, not when the module loads: making one loads the time
// zone's data, about 35 ms on this machine and 140 ms at Lighthouse's 4x CPU slowdown, which was
// in the first task of every page that imports this module, most of which never call it (issue 48).
const lazy = (make: () => Intl.DateTimeFormat): (() => Intl.DateTimeFormat) => {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= make());
};

const todayFormat = lazy(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: BRUSSELS,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

const offsetFormat = lazy(
  () => new Intl.DateTimeFormat('en-US', { timeZone: BRUSSELS, timeZoneName: 'longOffset' }),
);

// dd/mm/yyyy as the filters show it, whatever the page's language (spec point 3).
const dayMonthYear = lazy(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

const toUtc = (iso: string): Date => {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${iso}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
};
const fromUtc = (date: Date): string => date.toISOString().slice(0, 10);

/** The calendar date in Brussels at the instant `now` (YYYY-MM-DD). */
export function todayInBrussels(now: Date = new Date()): string {
  const parts = Object.fromEntries(
    todayFormat()
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`;
}

/** True when `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && fromUtc(toUtc(value)) === value;
}

/** The date `days` days after `iso` (before, when negative). */
export function addDays(iso: string, days: number): string {
  return fromUtc(new Date(toUtc(iso).getTime() + days * DAY));
}

/** The date `months` calendar months after `iso`; a day that month lacks becomes its last day. */
export function addMonths(iso: string, months: number): string {
  const date = toUtc(iso);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return fromUtc(target);
}

/** The Monday of the week of `iso` (Belgian weeks start on Monday). */
export function mondayOf(iso: string): string {
  const weekday = (toUtc(iso).getUTCDay() + 6) % 7;
  return addDays(iso, -weekday);
}

/** `iso` as dd/mm/yyyy. */
export function formatDayMonthYear(iso: string): string {
  return dayMonthYear().format(toUtc(iso));
}

/**
 * A typed date as YYYY-MM-DD, or null when it is not a real date. Accepts dd/mm/yyyy with one or
 * two digits for day and month, dots or dashes in place of slashes, or ddmmyyyy.
 */
export function parseDayMonthYear(text: string): string | null {
  const match =
    /^\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})\s*$/.exec(text) ??
    // Eight digits, as a phone's number pad types them (it has no slash).
    /^\s*(\d{2})(\d{2})(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const iso = `${match[3] ?? ''}-${(match[2] ?? '').padStart(2, '0')}-${(match[1] ?? '').padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

const offsetMinutesAt = (utcMs: number): number => {
  const name = offsetFormat()
    .formatToParts(utcMs)
    .find((part) => part.type === 'timeZoneName');
  const match = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name?.value ?? '');
  if (!match?.[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
};

/**
 * A Brussels wall-clock value (YYYY-MM-DDTHH:MM) as ISO 8601 with its UTC offset
 * ("2027-03-22T10:00:00+01:00"), for structured data. A date without a time stays as it is.
 */
export function withBrusselsOffset(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const wall = Date.UTC(
    Number(match[1]),
    Number(match[2]) - 1,
    Number(match[3]),
    Number(match[4]),
    Number(match[5]),
  );
  // The offset at the instant this wall-clock time names (checked twice around DST changes).
  let offset = offsetMinutesAt(wall - 60 * 60_000);
  offset = offsetMinutesAt(wall - offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${value}:00${sign}${hh}:${mm}`;
}
