// File sizes as readers see them ("10 MB", "500 kB"), with Intl in the reader's language.
import { INTL_LOCALE, type LocaleId } from '../i18n/locales.ts';

/** A byte count in bytes, kB or MB, rounded to one decimal. */
export function formatSize(bytes: number, language: LocaleId): string {
  const megabytes = bytes / (1024 * 1024);
  const [value, unit] =
    megabytes >= 1
      ? [megabytes, 'megabyte']
      : bytes >= 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(INTL_LOCALE[language], {
    style: 'unit',
    unit,
    maximumFractionDigits: 1,
    // The short form of "byte" is not plural in English ("69 byte"); the long one is.
    unitDisplay: unit === 'byte' ? 'long' : 'short',
  }).format(value);
}
