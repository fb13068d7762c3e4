// The parts every form field draws the same way (label or legend, help, error) and the context
// a field reads its value and error from; FormField, ChoiceControls and FileField use them.
import type { LocalInputField, RawValue } from '../../forms/local-form.ts';
import { useChrome } from '../Chrome.tsx';

export interface FieldContext {
  formId: string;
  values: Record<string, RawValue | undefined>;
  errors: Record<string, string>;
  shown: ReadonlySet<string>;
  onChange: (name: string, value: RawValue) => void;
  /** Registers an upload in progress, so a submit waits for it. */
  trackUpload: (upload: Promise<unknown>) => void;
  /** Reports the names of a file field's uploaded files, for "Check your answers". */
  onFileNames?: (name: string, names: string[]) => void;
}

/** The id of a field's control; radio and checkbox groups use it for their first input. */
export const controlId = (formId: string, name: string) => `${formId}-${name}`;

/** The aria-describedby value for the ids that are set; undefined when none is. */
export const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** What every control of a field reads: its ids, value, error and describedby, its wrapper's class. */
export function controlParts(field: LocalInputField, context: FieldContext) {
  const id = controlId(context.formId, field.name);
  const error = context.errors[field.name];
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const value = context.values[field.name];
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  const invalid = error ? true : undefined;
  const describe = describedBy('help' in field && field.help && helpId, error && errorId);
  const wrapper = `form-field${error ? ' form-field--error' : ''}`;
  return { id, error, helpId, errorId, value, text, list, invalid, describe, wrapper };
}

/** A field's label, with "(optional)" when the field is not required. */
export function Label({
  field,
  htmlFor,
}: {
  field: { label: string; required?: boolean };
  htmlFor: string;
}) {
  const { t } = useChrome();
  return (
    <label htmlFor={htmlFor} className="form-field__label">
      {field.label}
      {field.required ? null : <span className="form-field__optional"> {t('form.optional')}</span>}
    </label>
  );
}

/** A group's legend, with "(optional)" when the group is not required. */
export function Legend({ field }: { field: { label: string; required?: boolean } }) {
  const { t } = useChrome();
  return (
    <legend className="form-field__label">
      {field.label}
      {field.required ? null : <span className="form-field__optional"> {t('form.optional')}</span>}
    </legend>
  );
}

/** A field's help text, when it has one. */
export const Help = ({ id, text }: { id: string; text: string | undefined }) =>
  text ? (
    <p id={id} className="form-field__help">
      {text}
    </p>
  ) : null;

/** A field's error message, when it has one. */
export const ErrorText = ({ id, text }: { id: string; text: string | undefined }) =>
  text ? (
    <p id={id} className="field-error form-field__error">
      {text}
    </p>
  ) : null;
