// A date typed as dd/mm/yyyy, with a calendar button beside it. The text field is the real
// input (it takes typed and pasted dates, and works with any assistive technology); the
// calendar is a convenience, loaded the first time a date field is shown.
import { lazy, Suspense } from 'react';
import { isIsoDate, parseDayMonthYear } from '../../i18n/brussels-time.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { useChrome } from '../Chrome.tsx';

/**
 * React Aria adds a <style> element for touch behaviour unless an element with this id exists;
 * the Content-Security-Policy refuses inline styles, so listing.css carries the rule instead and
 * the date fields render this marker once, before the calendars.
 */
export const PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

/** Starts loading the calendar, so it is ready when the date fields appear. */
export const loadCalendar = () => import('./CalendarPicker.tsx');

const CalendarPicker = lazy(() =>
  loadCalendar().then((module) => ({ default: module.CalendarPicker })),
);

interface DateFieldProps {
  id: string;
  name: string;
  label: string;
  /** The text in the field (dd/mm/yyyy as typed). */
  value: string;
  error?: MessageKey;
  /** Today in Brussels (YYYY-MM-DD): the month the calendar opens on when the field is empty. */
  today: string;
  onChange: (text: string) => void;
  onBlur: () => void;
  /** A date picked in the calendar (YYYY-MM-DD). */
  onPick: (date: string) => void;
}

export function DateField(props: DateFieldProps) {
  const { id, name, label, value, error, today, onChange, onBlur, onPick } = props;
  const { chrome, t } = useChrome();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const typed = parseDayMonthYear(value) ?? (isIsoDate(value) ? value : null);
  return (
    <div className={error ? 'date-field date-field--error' : 'date-field'}>
      <label htmlFor={id}>{label}</label>
      <p id={hintId} className="field-hint">
        {t('filters.dateHint')}
      </p>
      {error ? (
        <p id={errorId} className="field-error">
          {t(error)}
        </p>
      ) : null}
      <div className="date-field__control">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          size={11}
          value={value}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          onBlur={onBlur}
        />
        <Suspense fallback={<span className="date-field__button date-field__button--loading" />}>
          <CalendarPicker
            label={t('filters.pickDate', { label })}
            value={typed}
            today={today}
            language={chrome.language}
            onPick={onPick}
          />
        </Suspense>
      </div>
    </div>
  );
}
