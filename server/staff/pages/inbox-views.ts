// The inbox's views (issue 42): the three offered to everyone and the member's own, as links
// that apply their filters; each own view with its delete button; and the form that saves the
// filters shown under a name (without the search words, saved-views.ts).
import { createElement as h } from 'react';
import type { SavedView } from '../saved-views.ts';
import { VIEW_NAME_MAX } from '../saved-views.ts';
import type { PageContext } from './document.ts';
import { field, postForm } from './parts.ts';

export interface ViewsData {
  views: readonly SavedView[];
  /** The member's id: "My open cases" is theirs. */
  memberId: string;
  /** Today in Brussels as the date filter reads it (dd/mm/yyyy): "New today". */
  today: string;
  /** The current filters as a query (without search words), what "Save" keeps. */
  query: string;
  /** A name refused, as typed, with its error. */
  viewError?: { name: string; error: string };
}

/** Today in Brussels as the date filter reads it (dd/mm/yyyy). */
export const brusselsToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels' }).format(now);

/** The views offered to everyone: their name and query. */
export function defaultViews(
  context: PageContext,
  memberId: string,
  today: string,
): [string, string][] {
  const { t } = context;
  return [
    [t('viewMyOpen'), `assignee=${encodeURIComponent(memberId)}&open=1`],
    [t('viewNewToday'), new URLSearchParams({ status: 'new', from: today }).toString()],
    [t('viewOverdue'), 'overdue=1'],
  ];
}

/** The views, and the form that saves the current filters as one. */
export function viewsSection(context: PageContext, data: ViewsData) {
  const { t, session } = context;
  const error = data.viewError;
  return h(
    'section',
    { className: 'views', 'aria-labelledby': 'views-heading' },
    h('h2', { id: 'views-heading' }, t('viewsHeading')),
    h(
      'ul',
      null,
      defaultViews(context, data.memberId, data.today).map(([name, query]) =>
        h('li', { key: name }, h('a', { href: `/staff?${query}` }, name)),
      ),
      data.views.map((view) =>
        h(
          'li',
          { key: view.id },
          h('a', { href: view.query ? `/staff?${view.query}` : '/staff' }, view.name),
          postForm(
            session,
            `/staff/views/${view.id}/delete`,
            'inline',
            h(
              'button',
              { type: 'submit', className: 'link' },
              t('viewDelete', { name: view.name }),
            ),
          ),
        ),
      ),
    ),
    postForm(
      session,
      '/staff/views',
      'lookup',
      h('input', { type: 'hidden', name: 'query', value: data.query }),
      field(
        h('label', { htmlFor: 'view-name' }, t('viewName')),
        error ? h('span', { id: 'view-name-error', className: 'error' }, error.error) : null,
        h('input', {
          id: 'view-name',
          name: 'name',
          defaultValue: error?.name ?? '',
          maxLength: VIEW_NAME_MAX * 2,
          autoComplete: 'off',
          ...(error ? { 'aria-invalid': true, 'aria-describedby': 'view-name-error' } : {}),
        }),
      ),
      h('button', { type: 'submit' }, t('viewSave')),
    ),
  );
}
