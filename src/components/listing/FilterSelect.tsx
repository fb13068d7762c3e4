// One list of the listing filters (topic, source, date), its error above it. A value no choice
// has (a shared link may name an option that no longer exists) shows "Choose…" instead.
import { useChrome } from '../Chrome.tsx';
import type { MessageKey } from '../../i18n/translate.ts';

/** One option of a filter list. */
export interface Choice {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error: MessageKey | undefined;
  choices: Choice[];
  onChoose: (value: string) => void;
}

/** A labelled select of a filter, applied on change. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  error,
  choices,
  onChoose,
}: FilterSelectProps) {
  const { t } = useChrome();
  const known = choices.some((choice) => choice.value === value);
  return (
    <div className="listing-filters__field">
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {t(error)}
        </p>
      ) : null}
      <select
        id={id}
        name={name}
        value={known ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          onChoose(event.target.value);
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
}
