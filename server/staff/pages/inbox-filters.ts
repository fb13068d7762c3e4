// The inbox's reference lookup and its filters (status, form, topic, language, handler, reply
// channel, search, dates and the case's state), each keeping what was typed with its error.
import { createElement as h } from 'react';
import { CHANNELS, NOBODY, STATUSES, type InboxFilter } from '../inbox.ts';
import type { TypedDates } from '../inbox-dates.ts';
import { STAFF_LANGUAGES } from '../messages.ts';
import type { PageContext } from './document.ts';
import { languageName, statusName } from './labels.ts';
import { field, selectField } from './parts.ts';
import type { InboxPageData } from './inbox.ts';

/** The reference lookup, with what was typed and why it found nothing. */
export function lookupForm(context: PageContext, lookup: InboxPageData['lookup']) {
  const { t } = context;
  return h(
    'form',
    { method: 'get', action: '/staff/find', className: 'lookup', role: 'search' },
    field(
      h('label', { htmlFor: 'reference' }, t('findReference')),
      h('span', { id: 'reference-help', className: 'help' }, t('findReferenceHelp')),
      lookup ? h('span', { id: 'reference-error', className: 'error' }, lookup.error) : null,
      h('input', {
        id: 'reference',
        name: 'reference',
        defaultValue: lookup?.query ?? '',
        autoComplete: 'off',
        spellCheck: false,
        'aria-describedby': lookup ? 'reference-error reference-help' : 'reference-help',
        ...(lookup ? { 'aria-invalid': true } : {}),
      }),
    ),
    h('button', { type: 'submit' }, t('find')),
  );
}

/** A day of the date range, as typed (dd/mm/yyyy), with its error when it is not a date. */
function dateField(context: PageContext, key: 'from' | 'to', label: string, dates: TypedDates) {
  const { t } = context;
  const id = `filter-${key}`;
  const invalid = dates.invalid.includes(key);
  return field(
    h('label', { htmlFor: id }, label),
    h('span', { id: `${id}-help`, className: 'help' }, t('dateHelp')),
    invalid ? h('span', { id: `${id}-error`, className: 'error' }, t('dateInvalid')) : null,
    h('input', {
      id,
      name: key,
      defaultValue: dates[key],
      inputMode: 'numeric',
      autoComplete: 'off',
      size: 10,
      'aria-describedby': invalid ? `${id}-error ${id}-help` : `${id}-help`,
      ...(invalid ? { 'aria-invalid': true } : {}),
    }),
  );
}

/** The search in what visitors wrote, as typed, with its error when no word is long enough. */
function searchField(context: PageContext, filter: InboxFilter) {
  const { t } = context;
  const refused = Boolean(filter.search && !filter.searchTokens);
  return field(
    h('label', { htmlFor: 'filter-q' }, t('searchLabel')),
    h('span', { id: 'filter-q-help', className: 'help' }, t('searchHelp')),
    refused ? h('span', { id: 'filter-q-error', className: 'error' }, t('searchTooShort')) : null,
    h('input', {
      id: 'filter-q',
      name: 'q',
      type: 'search',
      defaultValue: filter.search ?? '',
      autoComplete: 'off',
      maxLength: 200,
      'aria-describedby': refused ? 'filter-q-error filter-q-help' : 'filter-q-help',
      ...(refused ? { 'aria-invalid': true } : {}),
    }),
  );
}

/** A filter that is on or off (its value "1" in the query). */
export function checkbox(id: string, name: string, label: string, checked: boolean | undefined) {
  return h(
    'div',
    { className: 'check' },
    h('input', { type: 'checkbox', id, name, value: '1', defaultChecked: Boolean(checked) }),
    h('label', { htmlFor: id }, label),
  );
}

/** The filters: status, form, topic, language, who handles it, dates, and the case's state. */
export function filtersForm(context: PageContext, data: InboxPageData) {
  const { t } = context;
  const { filter } = data;
  return h(
    'form',
    { method: 'get', action: '/staff', className: 'filters' },
    h(
      'fieldset',
      null,
      h('legend', null, t('filters')),
      searchField(context, filter),
      selectField(
        'filter-status',
        t('filterStatus'),
        'status',
        filter.status,
        STATUSES.map((id) => [id, statusName(t, id)]),
        t('any'),
      ),
      selectField(
        'filter-form',
        t('filterForm'),
        'form',
        filter.form,
        [...data.forms.keys()].map((id) => [id, data.formTitle(id)]),
        t('any'),
      ),
      selectField(
        'filter-topic',
        t('filterTopic'),
        'topic',
        filter.topic,
        data.topics.map((topic) => [topic.value, topic.label]),
        t('any'),
      ),
      selectField(
        'filter-lang',
        t('filterLanguage'),
        'lang',
        filter.lang,
        STAFF_LANGUAGES.map((id) => [id, languageName(t, id)]),
        t('any'),
      ),
      selectField(
        'filter-assignee',
        t('filterAssignee'),
        'assignee',
        filter.assignee,
        [
          [NOBODY, t('nobody')],
          ...data.members.map((member): [string, string] => [member.id, member.display_name]),
        ],
        t('any'),
      ),
      selectField(
        'filter-channel',
        t('filterChannel'),
        'channel',
        filter.channel,
        CHANNELS.map((id) => [id, t(`reply_${id}`)]),
        t('any'),
      ),
      dateField(context, 'from', t('filterFrom'), data.dates),
      dateField(context, 'to', t('filterTo'), data.dates),
      checkbox('filter-open', 'open', t('filterOpen'), filter.open),
      checkbox('filter-waiting', 'waiting', t('filterWaiting'), filter.waiting),
      checkbox('filter-wrote', 'wrote', t('filterWroteBack'), filter.wroteBack),
      checkbox(
        'filter-overdue',
        'overdue',
        t('filterOverdue', { days: data.answerDays }),
        filter.overdueBefore !== undefined,
      ),
      checkbox('filter-feedback', 'feedback', t('filterFeedback'), filter.withFeedback),
      h('button', { type: 'submit' }, t('applyFilters')),
    ),
  );
}
