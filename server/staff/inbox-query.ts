// The inbox filter a query string asks for (the list page, its pages and the export read the
// same one), so that a filter added to the list is a filter of the export too.
import { firstString } from './routes/context.ts';
import type { MasterKey } from '../storage/encryption.ts';
import { queryTokens } from '../storage/search-index.ts';
import { isChannel, isStatus, parseCursor, type InboxFilter } from './inbox.ts';
import { parseDay, type TypedDates } from './inbox-dates.ts';
import { parseSort } from './inbox-sort.ts';
import { isStaffLanguage } from './messages.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * What filterOf needs to know: the forms there are, the promised answer period, and the master
 * key whose search key turns search words into tokens (ADR 0031).
 */
export interface FilterDeps {
  forms: ReadonlyMap<string, unknown>;
  answerDays: number;
  masterKey: MasterKey;
}

/**
 * The inbox filter a query asks for; what it cannot be is left out, and a date that is not one
 * is kept as typed to be shown with its error.
 */
export function filterOf(
  query: Record<string, unknown>,
  deps: FilterDeps,
): { filter: InboxFilter; dates: TypedDates } {
  const status = firstString(query.status);
  const lang = firstString(query.lang);
  const page = Number(firstString(query.page) ?? '1');
  const form = firstString(query.form);
  const channel = firstString(query.channel);
  const sort = parseSort(firstString(query.sort), firstString(query.dir));
  const search = (firstString(query.q) ?? '').slice(0, 200).trim();
  const searchTokens = search ? queryTokens(deps.masterKey, search) : [];
  const after = parseCursor(firstString(query.after));
  const before = after ? undefined : parseCursor(firstString(query.before));
  const dates: TypedDates = {
    from: (firstString(query.from) ?? '').slice(0, 40),
    to: (firstString(query.to) ?? '').slice(0, 40),
    invalid: [],
  };
  for (const key of ['from', 'to'] as const) {
    if (dates[key].trim() && !parseDay(dates[key])) dates.invalid.push(key);
  }
  const day = (key: 'from' | 'to') =>
    dates[key].trim() && !dates.invalid.includes(key) ? { [key]: dates[key].trim() } : {};
  const checked = (key: string) => firstString(query[key]) === '1';
  const filter: InboxFilter = {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    ...(after ? { after } : {}),
    ...(before ? { before } : {}),
    ...(status && isStatus(status) ? { status } : {}),
    ...(form && deps.forms.has(form) ? { form } : {}),
    ...(firstString(query.topic) ? { topic: firstString(query.topic) } : {}),
    ...(lang && isStaffLanguage(lang) ? { lang } : {}),
    ...(firstString(query.assignee) ? { assignee: firstString(query.assignee) } : {}),
    ...(channel && isChannel(channel) ? { channel } : {}),
    ...(sort ? { sort } : {}),
    ...(search ? { search } : {}),
    ...(searchTokens.length ? { searchTokens } : {}),
    ...day('from'),
    ...day('to'),
    ...(checked('open') ? { open: true } : {}),
    ...(checked('feedback') ? { withFeedback: true } : {}),
    ...(checked('waiting') ? { waiting: true } : {}),
    ...(checked('wrote') ? { wroteBack: true } : {}),
    ...(checked('overdue')
      ? { overdueBefore: new Date(Date.now() - deps.answerDays * DAY_MS).toISOString() }
      : {}),
  };
  return { filter, dates };
}

/**
 * A search of nothing but words under 3 letters: the inbox shows it with its error and the list
 * unfiltered; the export refuses it (it would export more than the words asked for).
 */
export const searchRefused = (filter: InboxFilter): boolean =>
  Boolean(filter.search && !filter.searchTokens);
