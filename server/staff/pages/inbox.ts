// The inbox: the reference lookup, the filters, the submissions' table with its count and
// pages, and (administrators) the export of the list as filtered.
import { createElement as h, Fragment } from 'react';
import type { FormDefinition } from '../../../src/forms/definition.ts';
import {
  cursorParam,
  PAGE_SIZE,
  type InboxCursor,
  type InboxFilter,
  type InboxRow,
} from '../inbox.ts';
import type { TypedDates } from '../inbox-dates.ts';
import type { SortColumn } from '../inbox-sort.ts';
import { documentOf, type PageContext } from './document.ts';
import { languageName, statusName } from './labels.ts';
import { viewsSection, type ViewsData } from './inbox-views.ts';
import { dataTable, dateTime, doneStatus, field } from './parts.ts';
import { checkbox, filtersForm, lookupForm } from './inbox-filters.ts';
import { bulkCheckbox, bulkForm, type BulkData } from './inbox-bulk.ts';

export interface InboxPageData {
  filter: InboxFilter;
  rows: InboxRow[];
  total: number;
  /** The date range as typed, with what is not a date; the answer period, in days. */
  dates: TypedDates;
  answerDays: number;
  /** Where the pages beside this one start (listSubmissions); null at either end. */
  next: InboxCursor | null;
  previous: InboxCursor | null;
  forms: ReadonlyMap<string, FormDefinition>;
  /** The first words of each row's message, by id (inbox-preview.ts). */
  previews: ReadonlyMap<string, string>;
  members: { id: string; display_name: string }[];
  topics: { value: string; label: string }[];
  /** What the reference lookup says (not found, not a reference), with what was typed. */
  lookup?: { query: string; error: string };
  /** The saved views and the form that saves one. */
  views: ViewsData;
  /** The bulk actions' members, and what a refused one posted. */
  bulk: Omit<BulkData, 'list'>;
  /** The confirmation of the action just done (a deletion), read out as a status. */
  done?: string;
  formTitle: (formId: string) => string;
  topicLabel: (formId: string, topic: string) => string;
}

const COLUMNS = [
  'columnReference',
  'columnReceived',
  'columnForm',
  'columnTopic',
  'columnPreview',
  'columnLanguage',
  'columnStatus',
  'columnAssignee',
  'columnChannel',
] as const;

/**
 * The inbox under the same filter on another page: after or before a cursor, with the page's
 * number as a label; page 1 is the filter alone, so that Previous always ends on the true start.
 */
export function inboxHref(
  filter: InboxFilter,
  page: number,
  cursor?: { after: InboxCursor } | { before: InboxCursor },
): string {
  const params = new URLSearchParams();
  for (const key of [
    'status',
    'form',
    'topic',
    'lang',
    'assignee',
    'channel',
    'from',
    'to',
    'search',
  ] as const) {
    const value = filter[key];
    if (value) params.set(key === 'search' ? 'q' : key, value);
  }
  if (filter.open) params.set('open', '1');
  if (filter.withFeedback) params.set('feedback', '1');
  if (filter.waiting) params.set('waiting', '1');
  if (filter.wroteBack) params.set('wrote', '1');
  if (filter.overdueBefore) params.set('overdue', '1');
  if (filter.sort) {
    params.set('sort', filter.sort.column);
    params.set('dir', filter.sort.direction);
  }
  if (page > 1 && cursor) {
    if ('after' in cursor) params.set('after', cursorParam(cursor.after));
    else params.set('before', cursorParam(cursor.before));
    params.set('page', String(page));
  }
  const query = params.toString();
  return query ? `/staff?${query}` : '/staff';
}

/** The inbox page a filter shows, with its page's number and cursor (a list to come back to). */
export const listHref = (filter: InboxFilter): string =>
  inboxHref(
    filter,
    filter.page,
    filter.after ? { after: filter.after } : filter.before ? { before: filter.before } : undefined,
  );

/** A submission's address with the list it was opened from (routes/list-param.ts reads it). */
export const inListHref = (id: string, list: string | undefined): string =>
  `/staff/submissions/${id}${list ? `?list=${encodeURIComponent(list)}` : ''}`;

/** The columns the inbox sorts by, with the sort they stand for. */
const SORTABLE: Partial<Record<(typeof COLUMNS)[number], SortColumn>> = {
  columnReceived: 'date',
  columnForm: 'form',
  columnStatus: 'status',
  columnAssignee: 'handler',
};

/**
 * A column's header: a link that sorts by it (the other way round when it is the sort already;
 * newest first for the date, A to Z for the others), and aria-sort on the sorted one.
 */
function columnHeader(context: PageContext, filter: InboxFilter, key: (typeof COLUMNS)[number]) {
  const column = SORTABLE[key];
  if (!column) return context.t(key);
  const current = filter.sort?.column === column ? filter.sort.direction : undefined;
  const direction = current
    ? current === 'asc'
      ? 'desc'
      : 'asc'
    : column === 'date'
      ? 'desc'
      : 'asc';
  return {
    content: h(
      'a',
      { href: inboxHref({ ...filter, sort: { column, direction } }, 1) },
      context.t(key),
    ),
    ...(current ? { 'aria-sort': current === 'asc' ? 'ascending' : 'descending' } : {}),
  };
}

/** How the visitor asked to be answered, and whether the follow-up page is open to them. */
function channelName(t: PageContext['t'], row: InboxRow): string {
  const chosen = row.reply_channel;
  const channel =
    chosen === 'email' || chosen === 'phone' || chosen === 'none'
      ? t(`reply_${chosen}`)
      : t('channelUnknown');
  return row.follow_up ? t('channelWithPage', { channel }) : channel;
}

/** The submissions of this page of the inbox, or a sentence saying there is none. */
function submissionsTable(context: PageContext, data: InboxPageData) {
  const { t, lang } = context;
  if (!data.rows.length) return h('p', null, t('empty'));
  const list = listHref(data.filter);
  const bulk = { ...data.bulk, list };
  return dataTable(
    { 'aria-labelledby': 'inbox-count' },
    [null, ...COLUMNS.map((key) => columnHeader(context, data.filter, key))],
    data.rows.map((row) =>
      h(
        'tr',
        { key: row.id },
        h('td', null, bulkCheckbox(context, bulk, row.id)),
        h('th', { scope: 'row' }, h('a', { href: inListHref(row.id, list) }, row.id)),
        h('td', null, dateTime(row.created_at, lang)),
        h('td', null, data.formTitle(row.form_id)),
        h('td', null, row.topic ? data.topicLabel(row.form_id, row.topic) : ''),
        h('td', { className: 'preview' }, data.previews.get(row.id) ?? ''),
        h('td', null, languageName(t, row.lang)),
        h(
          'td',
          null,
          h('span', { className: `status status--${row.status}` }, statusName(t, row.status)),
          row.visitor_wrote_at
            ? h('span', { className: 'status status--wrote-back' }, ` ${t('wroteBack')}`)
            : null,
        ),
        h('td', null, row.assignee_name ?? t('nobody')),
        h('td', null, channelName(t, row)),
      ),
    ),
  );
}

/**
 * Previous and Next under the same filter, when the inbox has more than one page. The page's
 * number comes from the link that led here, corrected at the start (no previous page: page 1)
 * and at the end.
 */
function pagination(context: PageContext, data: InboxPageData) {
  const { t } = context;
  const { filter, next, previous } = data;
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  if (pages <= 1 && !next && !previous) return null;
  const page = previous ? Math.min(Math.max(2, filter.page), next ? pages - 1 : pages) : 1;
  return h(
    'nav',
    { className: 'pages', 'aria-label': t('pages') },
    previous
      ? h(
          'a',
          { href: inboxHref(filter, page - 1, { before: previous }), rel: 'prev' },
          t('previousPage'),
        )
      : null,
    h('span', null, t('pageOf', { page: Math.max(1, page), pages })),
    next
      ? h('a', { href: inboxHref(filter, page + 1, { after: next }), rel: 'next' }, t('nextPage'))
      : null,
  );
}

/**
 * Admins: the list as filtered, exported as a table (CSV with ";", or XLSX) or its files as a
 * ZIP. The filters go along as hidden fields, written as the list's own links write them.
 */
function exportForm(context: PageContext, data: InboxPageData) {
  const { t } = context;
  const filters = [...new URLSearchParams(inboxHref(data.filter, 1).split('?')[1] ?? '')];
  return h(
    'form',
    { method: 'get', action: '/staff/export', className: 'filters' },
    h(
      'fieldset',
      { 'aria-describedby': 'export-help' },
      h('legend', null, t('exportListLegend')),
      h('p', { id: 'export-help', className: 'help' }, t('exportListHelp', { count: data.total })),
      filters.map(([name, value]) => h('input', { key: name, type: 'hidden', name, value })),
      field(
        h('label', { htmlFor: 'export-format' }, t('exportFormat')),
        h(
          'select',
          { id: 'export-format', name: 'format' },
          h('option', { value: 'csv' }, t('exportCsv')),
          h('option', { value: 'xlsx' }, t('exportXlsx')),
          h('option', { value: 'zip' }, t('exportZip')),
        ),
      ),
      checkbox('export-notes', 'notes', t('exportWithNotes'), false),
      h('button', { type: 'submit' }, t('exportButton')),
    ),
  );
}

/** The inbox page. */
export function inboxPage(context: PageContext, data: InboxPageData): string {
  const { t } = context;
  return documentOf(
    context,
    t('inboxTitle'),
    h(
      Fragment,
      null,
      doneStatus(data.done),
      lookupForm(context, data.lookup),
      viewsSection(context, data.views),
      filtersForm(context, data),
      h(
        'p',
        { id: 'inbox-count', className: 'count', role: 'status' },
        t('count', { count: data.total }),
      ),
      submissionsTable(context, data),
      pagination(context, data),
      data.rows.length ? bulkForm(context, { ...data.bulk, list: listHref(data.filter) }) : null,
      context.session?.member.role === 'admin' && data.total > 0 ? exportForm(context, data) : null,
    ),
  );
}
