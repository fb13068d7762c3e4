// One validator for a form, used by the browser before it sends and by the server before it
// stores: a definition (in one language) becomes a zod schema with the spec's messages.
import { z } from 'zod';
import { formatDate } from '../i18n/format-date.ts';
import type { Translate } from '../i18n/translate.ts';
import { cleanText, isBlank } from './clean-text.ts';
import {
  DEFAULT_MAX_FILES,
  inputFields,
  shownFields,
  UPLOAD_TOKEN,
  type LocalForm,
  type LocalInputField,
  type RawValues,
} from './local-form.ts';

/** What validation keeps: numbers parsed, text trimmed, hidden and empty fields left out. */
export type CleanValue = string | string[] | boolean | number;
export type CleanValues = Record<string, CleanValue>;

type ValueField = Exclude<LocalInputField, { type: 'markup' }>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
// Belgian and international numbers: digits with spaces, dots, slashes, dashes, brackets.
const TEL = /^\+?[0-9][0-9 ()./-]{4,24}$/;
const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

const isRealDate = (value: string) => {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 0) - 1, d ?? 0));
  return (
    date.getUTCFullYear() === y && date.getUTCMonth() === (m ?? 0) - 1 && date.getUTCDate() === d
  );
};

type Check = { value: CleanValue | undefined } | { error: string };

const ok = (value: CleanValue | undefined): Check => ({ value });
const fail = (error: string): Check => ({ error });

/** The values a field with options offers; none for another field. */
const optionValuesOf = (field: ValueField): string[] =>
  'options' in field ? field.options.map((option) => option.value) : [];

/** Validates a field that holds a list: checkboxes, files, a select of several. */
function checkList(
  field: Extract<ValueField, { type: 'checkboxes' | 'file' | 'select' }>,
  raw: unknown,
  t: Translate,
): Check {
  const list = raw === undefined || raw === null || raw === '' ? [] : raw;
  const emptyMessage = field.type === 'file' ? t('form.error.file') : t('form.error.option');
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    return fail(emptyMessage);
  }
  const unique = [...new Set(list)];
  if (unique.length === 0) return field.required ? fail(emptyMessage) : ok(undefined);
  if (field.type === 'file') {
    const max = field.multiple ? (field.maxFiles ?? DEFAULT_MAX_FILES) : 1;
    if (unique.length > max) return fail(t('form.error.fileCount', { max }));
    if (!unique.every((token) => UPLOAD_TOKEN.test(token))) return fail(t('form.error.file'));
    return ok(unique);
  }
  const optionValues = optionValuesOf(field);
  if (!unique.every((item) => optionValues.includes(item))) return fail(t('form.error.option'));
  return ok(unique);
}

/** Validates a number field's non-blank text: its form, bounds and step. */
function checkNumber(field: Extract<ValueField, { type: 'number' }>, value: string, t: Translate) {
  if (!NUMBER.test(value)) return fail(t('form.error.number'));
  const number = Number(value.replace(',', '.'));
  if (!Number.isFinite(number)) return fail(t('form.error.number'));
  if (field.min !== undefined && number < field.min) {
    return fail(t('form.error.min', { min: field.min }));
  }
  if (field.max !== undefined && number > field.max) {
    return fail(t('form.error.max', { max: field.max }));
  }
  if (field.step !== undefined) {
    const steps = (number - (field.min ?? 0)) / field.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) {
      return fail(t('form.error.step', { step: field.step }));
    }
  }
  return ok(number);
}

/** Validates one shown field's raw value. */
function checkField(
  field: ValueField,
  raw: unknown,
  t: Translate,
  language: LocalForm['language'],
): Check {
  switch (field.type) {
    case 'checkbox': {
      const checked = raw === true || raw === 'true' || raw === 'on';
      if (field.required && !checked) return fail(t('form.error.option'));
      return ok(checked);
    }
    case 'checkboxes':
    case 'file':
    case 'select':
      if (field.type === 'select' && !field.multiple) break;
      return checkList(field, raw, t);
    default:
      break;
  }

  // Everything else holds one string.
  if (raw !== undefined && raw !== null && typeof raw !== 'string') {
    return fail(
      field.type === 'select' || field.type === 'radios'
        ? t('form.error.option')
        : t('form.error.required'),
    );
  }
  const value = cleanText(raw ?? '');
  if (isBlank(value)) {
    if (!field.required) return ok(undefined);
    switch (field.type) {
      case 'select':
      case 'radios':
        return fail(t('form.error.option'));
      case 'date':
        return fail(t('form.error.date'));
      case 'time':
        return fail(t('form.error.time'));
      default:
        return fail(t('form.error.required'));
    }
  }

  switch (field.type) {
    case 'select':
    case 'radios':
      return optionValuesOf(field).includes(value) ? ok(value) : fail(t('form.error.option'));
    case 'email':
      return z.email().safeParse(value).success ? ok(value) : fail(t('form.error.email'));
    case 'url': {
      // People often leave out the scheme: "www.example.be" means https://www.example.be.
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
      const valid = z
        .url({ protocol: /^https?$/, hostname: z.regexes.domain })
        .safeParse(withScheme).success;
      return valid ? ok(withScheme) : fail(t('form.error.url'));
    }
    case 'tel': {
      const digits = value.replace(/\D/g, '').length;
      return TEL.test(value) && digits >= 6 && digits <= 17 ? ok(value) : fail(t('form.error.tel'));
    }
    case 'number':
      return checkNumber(field, value, t);
    case 'date':
      if (!isRealDate(value)) return fail(t('form.error.dateInvalid'));
      if (field.min !== undefined && value < field.min) {
        return fail(t('form.error.dateMin', { date: formatDate(field.min, language) }));
      }
      if (field.max !== undefined && value > field.max) {
        return fail(t('form.error.dateMax', { date: formatDate(field.max, language) }));
      }
      return ok(value);
    case 'time':
      return TIME.test(value) ? ok(value) : fail(t('form.error.timeInvalid'));
    case 'text':
    case 'textarea': {
      const length = value.length;
      if (field.minLength !== undefined && length < field.minLength) {
        return fail(t('form.error.minLength', { min: field.minLength }));
      }
      if (field.maxLength !== undefined && length > field.maxLength) {
        return fail(t('form.error.maxLength', { max: field.maxLength }));
      }
      if (field.type === 'text' && field.pattern !== undefined) {
        if (!new RegExp(`^(?:${field.pattern})$`, 'u').test(value)) {
          return fail(t('form.error.pattern'));
        }
      }
      // Line breaks are kept in a textarea; a one-line field gets them as spaces.
      return ok(field.type === 'text' ? value.replace(/\s+/g, ' ') : value);
    }
    default:
      return fail(t('form.error.required'));
  }
}

/**
 * The zod schema of a form in one language. Its input is the raw values the browser keeps
 * (strings, string lists, booleans); its output keeps only the fields shown for those values,
 * cleaned. Each failing field gets one issue at path [name] with the translated message.
 */
export function formSchema(form: LocalForm, t: Translate) {
  const fields = inputFields(form.fields);
  return z.record(z.string(), z.unknown()).transform((input, ctx) => {
    const shown = shownFields(form.fields, input as RawValues);
    const clean: CleanValues = {};
    for (const field of fields) {
      if (!shown.has(field.name)) continue;
      // Own keys only: a field named like an Object method must not read the method.
      const raw = Object.hasOwn(input, field.name) ? input[field.name] : undefined;
      const result = checkField(field, raw, t, form.language);
      if ('error' in result) {
        ctx.addIssue({ code: 'custom', path: [field.name], message: result.error });
      } else if (result.value !== undefined) {
        clean[field.name] = result.value;
      }
    }
    return clean;
  });
}

/** Field name → message, one per field, from a failed parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors = new Map<string, string>();
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!errors.has(name)) errors.set(name, issue.message);
  }
  return Object.fromEntries(errors);
}
