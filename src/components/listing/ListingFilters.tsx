// The filter form of the news list and the agenda. A choice in a list applies at once (focus
// stays where it is); the keyword and specific dates apply with the button, or when both dates
// are complete. Errors sit under their field, and the first one gets focus on submit. Without
// JavaScript the form is hidden (listing.css): the list then shows the newest items.
import { useId, useState, type SubmitEvent } from 'react';
import { Link } from '../router/Link.tsx';
import { formatDayMonthYear } from '../../i18n/brussels-time.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import type { TermRef } from '../../routes/page-data.ts';
import { useChrome } from '../Chrome.tsx';
import { DateField, loadCalendar, PRESSABLE_STYLE_ID } from './DateField.tsx';
import {
  ALL,
  DATE_OPTION_LABELS,
  DATE_OPTIONS,
  validateDraft,
  type Filter,
  type FilterDraft,
  type FilterErrors,
  type FilterField,
  type FilterOptions,
} from './listing-query.ts';

const FIELD_ORDER: FilterField[] = ['topic', 'source', 'date', 'start', 'end'];

const without = (errors: FilterErrors, fields: FilterField[]): FilterErrors =>
  Object.fromEntries(
    Object.entries(errors).filter(([field]) => !fields.includes(field as FilterField)),
  );

interface ListingFiltersProps {
  kind: 'news' | 'event';
  /** Where the form sends its query without JavaScript, and where "clear" leads. */
  basePath: string;
  topics: TermRef[];
  sources: TermRef[];
  /** The form's content as the URL query gives it, and that query's errors. */
  urlDraft: FilterDraft;
  urlErrors: FilterErrors;
  /** The URL query: when it changes (back, a shared link) the form shows it again. */
  search: string;
  filtered: boolean;
  today: string;
  onApply: (filter: Filter) => void;
}

export function ListingFilters(props: ListingFiltersProps) {
  const { kind, basePath, topics, sources, urlDraft, urlErrors, search, filtered, today } = props;
  const { t } = useChrome();
  const id = useId();
  const fieldId = (field: FilterField | 'keyword') => `${id}-${field}`;
  const options: FilterOptions = {
    topics: topics.map((topic) => topic.id),
    sources: sources.map((source) => source.id),
  };

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

  const choose = (field: 'topic' | 'source' | 'date', value: string) => {
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

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateDraft(draft, options);
    setErrors(result.errors);
    const first = FIELD_ORDER.find((field) => result.errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
    else props.onApply(result.filter);
  };

  const select = (
    field: 'topic' | 'source' | 'date',
    label: MessageKey,
    choices: { value: string; label: string }[],
  ) => {
    const value = draft[field];
    const known = choices.some((choice) => choice.value === value);
    const error = errors[field];
    return (
      <div className="listing-filters__field">
        <label htmlFor={fieldId(field)}>{t(label)}</label>
        {error ? (
          <p id={`${fieldId(field)}-error`} className="field-error">
            {t(error)}
          </p>
        ) : null}
        <select
          id={fieldId(field)}
          name={field}
          value={known ? value : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId(field)}-error` : undefined}
          onChange={(event) => {
            choose(field, event.target.value);
          }}
        >
          {/* A shared link may name an option that no longer exists. */}
          {known ? null : <option value="">{t('filters.choose')}</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
    );
  };

  const titleId = `${id}-title`;
  return (
    <form
      className="listing-filters"
      action={basePath}
      method="get"
      noValidate
      aria-labelledby={titleId}
      onSubmit={onSubmit}
    >
      <h2 id={titleId} className="listing-filters__title">
        {t(kind === 'news' ? 'filters.newsTitle' : 'filters.eventsTitle')}
      </h2>
      <div className="listing-filters__fields">
        {kind === 'news' ? (
          <div className="listing-filters__field">
            <label htmlFor={fieldId('keyword')}>{t('filters.keyword')}</label>
            <input
              id={fieldId('keyword')}
              name="q"
              type="search"
              value={draft.keyword}
              onChange={(event) => {
                setDraft({ ...draft, keyword: event.target.value });
              }}
            />
          </div>
        ) : null}
        {select('topic', 'filters.topic', [
          { value: ALL, label: t('filters.topic.all') },
          ...topics.map((topic) => ({ value: topic.id, label: topic.label })),
        ])}
        {kind === 'news'
          ? select('source', 'filters.source', [
              { value: ALL, label: t('filters.source.all') },
              ...sources.map((source) => ({ value: source.id, label: source.label })),
            ])
          : null}
        {select(
          'date',
          'filters.date',
          DATE_OPTIONS.map((option) => ({ value: option, label: t(DATE_OPTION_LABELS[option]) })),
        )}
      </div>
      {draft.date === 'specific' ? (
        <fieldset className="listing-filters__dates">
          <legend>{t('filters.date.specific')}</legend>
          <span id={PRESSABLE_STYLE_ID} hidden />
          {(['start', 'end'] as const).map((field) => (
            <DateField
              key={field}
              id={fieldId(field)}
              name={field}
              label={t(field === 'start' ? 'filters.start' : 'filters.end')}
              value={draft[field]}
              {...(errors[field] ? { error: errors[field] } : {})}
              today={today}
              onChange={(text) => {
                typeDate(field, text);
              }}
              onBlur={() => {
                // Both dates complete: apply without waiting for the button.
                applyIfValid(draft);
              }}
              onPick={(iso) => {
                pickDate(field, iso);
              }}
            />
          ))}
        </fieldset>
      ) : null}
      <div className="listing-filters__actions">
        <button type="submit" className="button">
          {t('filters.apply')}
        </button>
        {filtered ? <Link to={basePath}>{t('filters.clear')}</Link> : null}
      </div>
    </form>
  );
}
