// Dates of the content (YYYY-MM-DD, or YYYY-MM-DDTHH:MM in Brussels time) as readers see them.
import { INTL_LOCALE, type LocaleId } from './locales.ts';

const PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

// Content dates are Brussels wall-clock values: they are shown as written, the same in the
// prerender and in every browser, whatever the reader's own time zone.
const asWallClock = (value: string): { date: Date; hasTime: boolean } => {
  const match = PARTS.exec(value);
  if (!match) throw new Error(`not a content date: ${value}`);
  const [, y, m, d, hh, mm] = match;
  return {
    date: new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh ?? 0), Number(mm ?? 0))),
    hasTime: hh !== undefined,
  };
};

// Making a DateTimeFormat resolves its locale and options: worth doing once, not for every date
// of every page (the prerender formats tens of thousands).
const longFormats = new Map<string, Intl.DateTimeFormat>();
const longFormat = (language: LocaleId, hasTime: boolean): Intl.DateTimeFormat => {
  const key = `${language}${hasTime ? ' time' : ''}`;
  let format = longFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], {
      dateStyle: 'long',
      ...(hasTime ? { timeStyle: 'short' } : {}),
      timeZone: 'UTC',
    });
    longFormats.set(key, format);
  }
  return format;
};

/** A long date ("20 November 2026"), with the time when the value has one. */
export function formatDate(value: string, language: LocaleId): string {
  const { date, hasTime } = asWallClock(value);
  return longFormat(language, hasTime).format(date);
}

/** A period ("22 March 2027, 10:00 – 12:00"); both ends with a time, or both without. */
export function formatDateRange(start: string, end: string, language: LocaleId): string {
  const from = asWallClock(start);
  const to = asWallClock(end);
  if (from.hasTime !== to.hasTime) {
    return `${formatDate(start, language)} – ${formatDate(end, language)}`;
  }
  return longFormat(language, from.hasTime).formatRange(from.date, to.date);
}
