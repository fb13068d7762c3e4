// The inbox's bulk actions (issue 42): a checkbox on each row, labelled by its reference, and
// under the table a form that sets the status of the selected submissions or hands them to a
// member. The checkboxes belong to the form by its id, so it all works without script.
import { createElement as h } from 'react';
import { STATUSES } from '../inbox.ts';
import type { PageContext } from './document.ts';
import { statusName } from './labels.ts';
import { csrfField, selectField } from './parts.ts';

export interface BulkData {
  /** The members cases can be given to (the active ones). */
  members: { id: string; display_name: string }[];
  /** The list to come back to (listHref). */
  list: string;
  /** What was posted, kept when it was refused, with why. */
  ids?: readonly string[];
  status?: string;
  member?: string;
  error?: string;
}

const FORM_ID = 'bulk';

/** A row's checkbox, in the bulk form, named by the row's reference. */
export function bulkCheckbox(context: PageContext, bulk: BulkData, id: string) {
  return h('input', {
    type: 'checkbox',
    name: 'ids',
    value: id,
    form: FORM_ID,
    'aria-label': context.t('bulkSelect', { reference: id }),
    defaultChecked: Boolean(bulk.ids?.includes(id)),
  });
}

/** The form under the table: a status, a member, or both, for the selected rows. */
export function bulkForm(context: PageContext, bulk: BulkData) {
  const { t } = context;
  const error = bulk.error
    ? h('p', { id: 'bulk-error', className: 'error', role: 'alert' }, bulk.error)
    : null;
  return h(
    'form',
    // The rows' checkboxes find the form by its id.
    { id: FORM_ID, method: 'post', action: '/staff/bulk', className: 'filters' },
    csrfField(context.session),
    h('input', { type: 'hidden', name: 'list', value: bulk.list }),
    h(
      'fieldset',
      bulk.error ? { 'aria-describedby': 'bulk-error' } : null,
      h('legend', null, t('bulkLegend')),
      error,
      selectField(
        'bulk-status',
        t('bulkStatus'),
        'status',
        bulk.status,
        STATUSES.map((id) => [id, statusName(t, id)]),
        t('bulkUnchanged'),
      ),
      selectField(
        'bulk-member',
        t('bulkAssign'),
        'member',
        bulk.member,
        bulk.members.map((member) => [member.id, member.display_name]),
        t('bulkUnchanged'),
      ),
      h('button', { type: 'submit' }, t('bulkApply')),
    ),
  );
}
