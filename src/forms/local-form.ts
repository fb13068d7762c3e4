// A form definition in one language: what a page carries, what the browser draws and what
// validation reads. No zod here, so pages without a form load none of it.
import type { LocaleId } from '../i18n/locales.ts';
import type {
  Condition,
  FieldDefinition,
  FieldsetDefinition,
  FormDefinition,
  InputFieldDefinition,
  Translated,
} from './definition.ts';
import { DEFAULT_RETENTION_DAYS } from './retention-days.ts';

type Language = LocaleId;

/** Upload tokens are random URL-safe strings made by the server. */
export const UPLOAD_TOKEN = /^[A-Za-z0-9_-]{22,64}$/;
/** The most files one file field takes when its definition sets no maxFiles. */
export const DEFAULT_MAX_FILES = 5;

export interface LocalOption {
  value: string;
  label: string;
}
type Localize<T> = {
  [K in keyof T]: T[K] extends Translated | undefined
    ? Exclude<T[K], Translated> | string
    : T[K] extends { value: string; label: Translated }[]
      ? LocalOption[]
      : T[K];
};
// Distributes over the union, so each field type keeps its own properties.
type LocalizeEach<T> = T extends unknown ? Localize<T> : never;
export type LocalInputField = LocalizeEach<InputFieldDefinition>;
export type LocalFieldset = Omit<Localize<FieldsetDefinition>, 'fields'> & {
  fields: LocalInputField[];
};
export type LocalField = LocalInputField | LocalFieldset;
export type LocalFieldType = LocalField['type'];

export interface LocalForm {
  id: string;
  language: Language;
  title: string;
  intro?: string;
  /** The link to the form at the top of its page (its title when the definition has none). */
  link: string;
  submit: string;
  /** Days a message is kept before the sweep deletes it (the confirmation says so). */
  keptDays: number;
  fields: LocalField[];
}

const pick = (value: Translated, language: Language) => value[language];

function localizeField(field: FieldDefinition, language: Language): LocalField {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(field)) {
    if (key === 'fields' && Array.isArray(value)) {
      out[key] = (value as InputFieldDefinition[]).map((child) => localizeField(child, language));
    } else if (key === 'options' && Array.isArray(value)) {
      out[key] = (value as { value: string; label: Translated }[]).map((item) => ({
        value: item.value,
        label: pick(item.label, language),
      }));
    } else if (['label', 'help', 'content'].includes(key) && value !== undefined) {
      out[key] = pick(value as Translated, language);
    } else {
      out[key] = value;
    }
  }
  return out as LocalField;
}

/** The definition in one language: what a page carries and what validation reads. */
export function localizeForm(form: FormDefinition, language: Language): LocalForm {
  return {
    id: form.id,
    language,
    title: form.title[language],
    ...(form.intro ? { intro: form.intro[language] } : {}),
    link: (form.link ?? form.title)[language],
    submit: form.submit[language],
    keptDays: form.retentionDays ?? DEFAULT_RETENTION_DAYS,
    fields: form.fields.map((field) => localizeField(field, language)),
  };
}

/** Every field that holds a value, fieldsets flattened, markup left out. */
export function inputFields(
  fields: readonly LocalField[],
): Exclude<LocalInputField, { type: 'markup' }>[] {
  return fields.flatMap((field) =>
    field.type === 'fieldset' ? inputFields(field.fields) : field.type === 'markup' ? [] : [field],
  );
}

/** What a field holds in the browser and in the JSON it sends. */
export type RawValue = string | string[] | boolean;
export type RawValues = Record<string, RawValue | undefined>;

/** True when a condition holds for these values (the controlling field itself being shown). */
export function conditionHolds(condition: Condition, values: RawValues): boolean {
  const value = values[condition.field];
  if (condition.equals === true) return value === true;
  const wanted: string[] = Array.isArray(condition.equals) ? condition.equals : [condition.equals];
  if (Array.isArray(value)) return value.some((item) => wanted.includes(item));
  return typeof value === 'string' && wanted.includes(value);
}

/**
 * The names of the fields (fieldsets and markup included) shown for these values: a field with
 * a condition is shown when its controlling field is shown and has the wanted value.
 */
export function shownFields(fields: readonly LocalField[], values: RawValues): Set<string> {
  const shown = new Set<string>();
  const visit = (list: readonly LocalField[], parentShown: boolean) => {
    for (const field of list) {
      const visible =
        parentShown &&
        (!field.when || (shown.has(field.when.field) && conditionHolds(field.when, values)));
      if (visible) shown.add(field.name);
      if (field.type === 'fieldset') visit(field.fields, visible);
    }
  };
  visit(fields, true);
  return shown;
}
