// The calendar of a date field: a button that opens a month grid in a popover (React Aria, so
// it works with a keyboard and a screen reader). Loaded on demand, only when a reader asks
// for specific dates.
import { parseDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Dialog,
  DialogTrigger,
  Heading,
  I18nProvider,
  Popover,
} from 'react-aria-components';
import { INTL_LOCALE, type LocaleId } from '../../i18n/locales.ts';

export interface CalendarPickerProps {
  /** The button's accessible name ("Start date: choose in a calendar"). */
  label: string;
  /** The chosen date (YYYY-MM-DD), if any. */
  value: string | null;
  /** The month to show when nothing is chosen yet: today in Brussels (YYYY-MM-DD). */
  today: string;
  language: LocaleId;
  onPick: (date: string) => void;
}

export function CalendarPicker({ label, value, today, language, onPick }: CalendarPickerProps) {
  return (
    <I18nProvider locale={INTL_LOCALE[language]}>
      <DialogTrigger>
        <Button className="date-field__button" aria-label={label}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 6v2h14V6H5Zm2 6h2v2H7v-2Zm4 0h2v2h-2v-2Zm4 0h2v2h-2v-2Z"
            />
          </svg>
        </Button>
        <Popover className="calendar-popover" placement="bottom end">
          <Dialog className="calendar-dialog" aria-label={label}>
            {({ close }) => (
              <Calendar
                className="calendar"
                value={value ? parseDate(value) : null}
                defaultFocusedValue={parseDate(value ?? today)}
                firstDayOfWeek="mon"
                onChange={(date) => {
                  onPick(date.toString());
                  close();
                }}
              >
                <header className="calendar__header">
                  <Button slot="previous" className="calendar__nav">
                    <Chevron direction="previous" />
                  </Button>
                  <Heading className="calendar__title" />
                  <Button slot="next" className="calendar__nav">
                    <Chevron direction="next" />
                  </Button>
                </header>
                <CalendarGrid className="calendar__grid">
                  {(date) => <CalendarCell date={date} className="calendar__cell" />}
                </CalendarGrid>
              </Calendar>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </I18nProvider>
  );
}

// React Aria names the month buttons in the page's language; the icon only shows the way.
function Chevron({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
      />
    </svg>
  );
}
