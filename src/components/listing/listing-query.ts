// The filters of the news list and the agenda: their state in the URL query (q, topic, source,
// date, start, end, page), validation with the spec's messages, the date periods in Brussels
// time, and which items match.
import {
  addDays,
  addMonths,
  formatDayMonthYear,
  isIsoDate,
  mondayOf,
  parseDayMonthYear,
} from '../../i18n/brussels-time.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import type { ListingItem } from '../../routes/page-data.ts';

export const DATE_OPTIONS = [
  'all',
  'today',
  'past-week',
  'current-week',
  'last-3-months',
  'last-6-months',
  'last-year',
  'specific',
] as const;
export type DateOption = (typeof DATE_OPTIONS)[number];

export const DATE_OPTION_LABELS: Record<DateOption, MessageKey> = {
  all: 'filters.date.all',
  today: 'filters.date.today',
  'past-week': 'filters.date.pastWeek',
  'current-week': 'filters.date.currentWeek',
  'last-3-months': 'filters.date.last3Months',
  'last-6-months': 'filters.date.last6Months',
  'last-year': 'filters.date.lastYear',
  specific: 'filters.date.specific',
};

export const ALL = 'all';

/** What the filter form holds: the option values, and the dates as typed (dd/mm/yyyy). */
export interface FilterDraft {
  keyword: string;
  /** 'all', an option id, or '' when no valid option is chosen. */
  topic: string;
  source: string;
  date: DateOption | '';
  start: string;
  end: string;
}

export type FilterField = 'topic' | 'source' | 'date' | 'start' | 'end';
export type FilterErrors = Partial<Record<FilterField, MessageKey>>;

/** A valid filter, ready to apply: dates as YYYY-MM-DD. */
export interface Filter {
  keyword: string;
  topic: string;
  source: string;
  date: DateOption;
  start: string;
  end: string;
}

export interface FilterOptions {
  topics: readonly string[];
  sources: readonly string[];
}

export const NO_FILTER: Filter = {
  keyword: '',
  topic: ALL,
  source: ALL,
  date: 'all',
  start: '',
  end: '',
};

const isDateOption = (value: string): value is DateOption =>
  (DATE_OPTIONS as readonly string[]).includes(value);

/** The draft a filter shows in the form. */
export function draftOf(filter: Filter): FilterDraft {
  return {
    ...filter,
    start: filter.start ? formatDayMonthYear(filter.start) : '',
    end: filter.end ? formatDayMonthYear(filter.end) : '',
  };
}

/**
 * Checks a draft: topic, source and date need an option ("Please select an option"), specific
 * dates need a real start and end date, and the end may not be before the start.
 */
export function validateDraft(
  draft: FilterDraft,
  options: FilterOptions,
): { filter: Filter; errors: FilterErrors } {
  const errors: FilterErrors = {};
  const option = (field: 'topic' | 'source', value: string, ids: readonly string[]) => {
    if (value === ALL || ids.includes(value)) return value;
    errors[field] = 'filters.required';
    return ALL;
  };
  const topic = option('topic', draft.topic, options.topics);
  const source = option('source', draft.source, options.sources);
  let date: DateOption = 'all';
  let start = '';
  let end = '';
  if (draft.date === '') errors.date = 'filters.required';
  else if (draft.date !== 'specific') date = draft.date;
  else {
    const readDate = (field: 'start' | 'end', text: string) => {
      if (text.trim() === '') errors[field] = 'filters.dateRequired';
      else {
        const iso = parseDayMonthYear(text) ?? (isIsoDate(text.trim()) ? text.trim() : null);
        if (iso) return iso;
        errors[field] = 'filters.dateInvalid';
      }
      return '';
    };
    start = readDate('start', draft.start);
    end = readDate('end', draft.end);
    if (start && end && end < start) errors.end = 'filters.endBeforeStart';
    if (start && end && end >= start) date = 'specific';
    else {
      start = '';
      end = '';
    }
  }
  return { filter: { keyword: draft.keyword.trim(), topic, source, date, start, end }, errors };
}

// The URL carries dates as YYYY-MM-DD; the form shows them as dd/mm/yyyy.
const shownDate = (value: string | null) =>
  value !== null && isIsoDate(value) ? formatDayMonthYear(value) : (value ?? '');

/**
 * The draft a URL query describes; missing parameters mean "all". Dates may come as YYYY-MM-DD
 * or, from the form submitted before the page's JavaScript ran, as dd/mm/yyyy.
 */
export function draftFromQuery(params: URLSearchParams): FilterDraft {
  const date = params.get('date') ?? 'all';
  return {
    keyword: params.get('q') ?? '',
    topic: params.get('topic') ?? ALL,
    source: params.get('source') ?? ALL,
    date: isDateOption(date) ? date : '',
    start: shownDate(params.get('start')),
    end: shownDate(params.get('end')),
  };
}

/** The page number in a URL query (1 when absent or not a positive whole number). */
export function pageFromQuery(params: URLSearchParams): number | undefined {
  const value = params.get('page');
  if (value === null || !/^[1-9]\d{0,4}$/.test(value)) return undefined;
  return Number(value);
}

/** The URL query of a filter (and page); "all" and empty values are left out. */
export function queryOf(filter: Filter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.keyword) params.set('q', filter.keyword);
  if (filter.topic !== ALL) params.set('topic', filter.topic);
  if (filter.source !== ALL) params.set('source', filter.source);
  if (filter.date !== 'all') params.set('date', filter.date);
  if (filter.date === 'specific') {
    params.set('start', filter.start);
    params.set('end', filter.end);
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** True when the filter narrows the list. */
export function isFiltered(filter: Filter): boolean {
  return (
    filter.keyword !== '' || filter.topic !== ALL || filter.source !== ALL || filter.date !== 'all'
  );
}

/** The first and last day (inclusive) of a date option on the day `today`; null for "all". */
export function periodOf(filter: Filter, today: string): { from: string; to: string } | null {
  switch (filter.date) {
    case 'all':
      return null;
    case 'today':
      return { from: today, to: today };
    case 'past-week':
      // The seven days that end today.
      return { from: addDays(today, -6), to: today };
    case 'current-week': {
      const monday = mondayOf(today);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'last-3-months':
      return { from: addMonths(today, -3), to: today };
    case 'last-6-months':
      return { from: addMonths(today, -6), to: today };
    case 'last-year':
      return { from: addMonths(today, -12), to: today };
    case 'specific':
      return { from: filter.start, to: filter.end };
  }
}

// Case and accents do not matter: "aide financiere" finds "Aide financière".
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** The first and last day of an item: its date, or an event's start and end. */
export function daysOf(item: ListingItem): { first: string; last: string } {
  const first = item.date.slice(0, 10);
  return { first, last: item.end ? item.end.slice(0, 10) : first };
}

/** The items that match a filter on the day `today`, in their original order. */
export function filterItems(items: ListingItem[], filter: Filter, today: string): ListingItem[] {
  const words = fold(filter.keyword).split(/\s+/).filter(Boolean);
  const period = periodOf(filter, today);
  return items.filter((item) => {
    if (filter.topic !== ALL && !item.topics.some((topic) => topic.id === filter.topic))
      return false;
    if (filter.source !== ALL && item.source?.id !== filter.source) return false;
    if (period) {
      // An item matches when any of its days falls in the period.
      const { first, last } = daysOf(item);
      if (first > period.to || last < period.from) return false;
    }
    if (words.length > 0) {
      const text = fold(
        [
          item.title,
          item.summary,
          item.source?.label ?? '',
          ...item.topics.map((t) => t.label),
        ].join(' '),
      );
      if (!words.every((word) => text.includes(word))) return false;
    }
    return true;
  });
}
