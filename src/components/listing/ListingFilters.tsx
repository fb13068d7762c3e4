// The filter form of the news list and the agenda. A choice in a list applies at once (focus
// stays where it is); the keyword and specific dates apply with the button, or when both dates
// are complete. Errors sit under their field, and the first one gets focus on submit. Without
// JavaScript the form is hidden (listing.css): the list then shows the newest items.
import { useId } from 'react';
import { Link } from '../router/Link.tsx';
import type { MessageKey } from '../../i18n/translate.ts';
import type { TermRef } from '../../routes/page-data.ts';
import { useChrome } from '../Chrome.tsx';
import { DateField, PRESSABLE_STYLE_ID } from './DateField.tsx';
import { FilterSelect, type Choice } from './FilterSelect.tsx';
import {
  ALL,
  DATE_OPTION_LABELS,
  DATE_OPTIONS,
  type Filter,
  type FilterDraft,
  type FilterErrors,
  type FilterField,
  type FilterOptions,
} from './listing-query.ts';
import { useFilterDraft, type SelectField } from './useFilterDraft.ts';

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
  const { kind, basePath, topics, sources, filtered, today } = props;
  const { t } = useChrome();
  const id = useId();
  const fieldId = (field: FilterField | 'keyword') => `${id}-${field}`;
  const options: FilterOptions = {
    topics: topics.map((topic) => topic.id),
    sources: sources.map((source) => source.id),
  };

  const { draft, setDraft, errors, choose, typeDate, pickDate, applyIfValid, submit } =
    useFilterDraft(props, options, (field) => document.getElementById(fieldId(field))?.focus());

  const select = (field: SelectField, label: MessageKey, choices: Choice[]) => (
    <FilterSelect
      id={fieldId(field)}
      name={field}
      label={t(label)}
      value={draft[field]}
      error={errors[field]}
      choices={choices}
      onChoose={(value) => {
        choose(field, value);
      }}
    />
  );

  const titleId = `${id}-title`;
  return (
    <form
      className="listing-filters"
      action={basePath}
      method="get"
      noValidate
      aria-labelledby={titleId}
      onSubmit={submit}
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
