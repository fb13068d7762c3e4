// The listing filters' state: the form as typed and its errors (shown again from the URL when
// its query changes: back, a shared link), and what applies a valid draft: a choice at once, a
// date picked or complete, the button (which focuses the first error instead).
import { useState, type SubmitEvent } from 'react';
import { formatDayMonthYear } from '../../i18n/brussels-time.ts';
import { loadCalendar } from './DateField.tsx';
import {
  validateDraft,
  type Filter,
  type FilterDraft,
  type FilterErrors,
  type FilterField,
  type FilterOptions,
} from './listing-query.ts';

/** The filters chosen in a list. */
export type SelectField = 'topic' | 'source' | 'date';

const FIELD_ORDER: FilterField[] = ['topic', 'source', 'date', 'start', 'end'];

const without = (errors: FilterErrors, fields: FilterField[]): FilterErrors =>
  Object.fromEntries(
    Object.entries(errors).filter(([field]) => !fields.includes(field as FilterField)),
  );

/** The draft and errors of the filter form, and its actions; `focus` moves to a field. */
export function useFilterDraft(
  props: {
    urlDraft: FilterDraft;
    urlErrors: FilterErrors;
    search: string;
    onApply: (filter: Filter) => void;
  },
  options: FilterOptions,
  focus: (field: FilterField) => void,
) {
  const { urlDraft, urlErrors, search } = props;
  const [draft, setDraft] = useState(urlDraft);
  const [errors, setErrors] = useState(urlErrors);
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setDraft(urlDraft);
    setErrors(urlErrors);
  }

  // Applies the draft when it is valid; reports whether it was.
  const applyIfValid = (next: FilterDraft): boolean => {
    const result = validateDraft(next, options);
    if (Object.keys(result.errors).length > 0) return false;
    props.onApply(result.filter);
    return true;
  };

  const choose = (field: SelectField, value: string) => {
    const next: FilterDraft = { ...draft, [field]: value };
    setDraft(next);
    setErrors(without(errors, field === 'date' ? ['date', 'start', 'end'] : [field]));
    if (field === 'date' && value === 'specific') {
      void loadCalendar();
      if (!next.start && !next.end) return;
    }
    applyIfValid(next);
  };

  const typeDate = (field: 'start' | 'end', text: string) => {
    setDraft((current) => ({ ...current, [field]: text }));
  };
  const pickDate = (field: 'start' | 'end', iso: string) => {
    const next = { ...draft, [field]: formatDayMonthYear(iso) };
    setDraft(next);
    setErrors(without(errors, [field]));
    applyIfValid(next);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateDraft(draft, options);
    setErrors(result.errors);
    const first = FIELD_ORDER.find((field) => result.errors[field]);
    if (first) focus(first);
    else props.onApply(result.filter);
  };

  return { draft, setDraft, errors, choose, typeDate, pickDate, applyIfValid, submit };
}
