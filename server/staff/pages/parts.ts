// Small parts every back-office page module uses: dates as the desk reads them, the field
// wrapper, the form that carries the session's CSRF field, a labelled select, and a table that
// scrolls sideways on a narrow screen.
import { createElement as h, type ReactNode } from 'react';
import { formatSize } from '../../../src/forms/format-size.ts';
import type { StaffLanguage, StaffTranslate } from '../messages.ts';
import type { StaffSession } from '../sessions.ts';

/** A date and time in Brussels, in the member's language. */
export const dateTime = (iso: string, lang: StaffLanguage): string =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Brussels',
  }).format(new Date(iso));

/** The session's CSRF token as the hidden field every form carries. */
export const csrfField = (session: StaffSession | null) =>
  session ? h('input', { type: 'hidden', name: 'csrf', value: session.csrfToken }) : null;

/** A form field: its label, help or error, and control, in one paragraph. */
export const field = (...children: ReactNode[]) => h('p', { className: 'field' }, ...children);

/** A form that posts to `action`, with the session's CSRF field first. */
export function postForm(
  session: StaffSession | null,
  action: string,
  className: string | undefined,
  ...children: ReactNode[]
) {
  return h(
    'form',
    { method: 'post', action, ...(className ? { className } : {}) },
    csrfField(session),
    ...children,
  );
}

/** A labelled select of `options` ([value, text]), its first option `anyLabel` (no choice). */
export function selectField(
  id: string,
  label: string,
  name: string,
  value: string | undefined,
  options: [string, string][],
  anyLabel: string,
) {
  return field(
    h('label', { htmlFor: id }, label),
    h(
      'select',
      { id, name, defaultValue: value ?? '' },
      h('option', { value: '' }, anyLabel),
      options.map(([optionValue, text]) =>
        h('option', { key: optionValue, value: optionValue }, text),
      ),
    ),
  );
}

/** A submission's files as download links ("Download name (size)"). */
export function fileLinks(
  context: { t: StaffTranslate; lang: StaffLanguage },
  base: string,
  files: readonly { token: string; name: string; size: number }[],
) {
  return h(
    'ul',
    null,
    files.map((file) =>
      h(
        'li',
        { key: file.token },
        h(
          'a',
          { href: `${base}/files/${file.token}`, download: file.name },
          context.t('download', { name: file.name, size: formatSize(file.size, context.lang) }),
        ),
      ),
    ),
  );
}

/** The confirmation of the action just done, read out as a status (nothing when none). */
export const doneStatus = (done: string | undefined) =>
  done ? h('p', { role: 'status', className: 'done' }, done) : null;

/**
 * A table of rows under column headers (null: a column without one), in a region that scrolls
 * sideways at 360 px and takes the keyboard's focus to do so; the region is named by `name`.
 */
export function dataTable(
  name: { 'aria-label': string } | { 'aria-labelledby': string },
  headers: readonly (string | null | { content: ReactNode; 'aria-sort'?: string })[],
  rows: ReactNode,
) {
  return h(
    'div',
    { className: 'table-wrap', role: 'region', tabIndex: 0, ...name },
    h(
      'table',
      { className: 'inbox' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          headers.map((header, index) =>
            header === null
              ? h('td', { key: index })
              : typeof header === 'string'
                ? h('th', { key: index, scope: 'col' }, header)
                : h(
                    'th',
                    { key: index, scope: 'col', 'aria-sort': header['aria-sort'] },
                    header.content,
                  ),
          ),
        ),
      ),
      h('tbody', null, rows),
    ),
  );
}
