// One field of a form as the GOV.UK pattern draws it: label, hint, error above the control,
// all tied to the control with aria-describedby. Fieldsets draw their shown children.
import type { ReactNode } from 'react';
import type { LocalField, LocalInputField } from '../../forms/local-form.ts';
import {
  controlId,
  describedBy,
  ErrorText,
  Help,
  Label,
  Legend,
  type FieldContext,
} from './field-parts.tsx';
import { FileField } from './FileField.tsx';

const INPUT_TYPES = {
  text: 'text',
  email: 'email',
  url: 'url',
  tel: 'tel',
  number: 'text',
  date: 'date',
  time: 'time',
} as const;

function Control({ field, context }: { field: LocalInputField; context: FieldContext }): ReactNode {
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

  switch (field.type) {
    case 'markup':
      return (
        <div className="form-markup">
          {field.content.split(/\n\s*\n/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      );
    case 'textarea':
      return (
        <div className={wrapper}>
          <Label field={field} htmlFor={id} />
          <Help id={helpId} text={field.help} />
          <ErrorText id={errorId} text={error} />
          <textarea
            id={id}
            name={field.name}
            rows={field.rows ?? 5}
            value={text}
            required={field.required}
            aria-invalid={invalid}
            aria-describedby={describe}
            onChange={(event) => {
              context.onChange(field.name, event.target.value);
            }}
          />
        </div>
      );
    case 'select':
      return (
        <div className={wrapper}>
          <Label field={field} htmlFor={id} />
          <Help id={helpId} text={field.help} />
          <ErrorText id={errorId} text={error} />
          {field.multiple ? (
            <select
              id={id}
              name={field.name}
              multiple
              value={list}
              required={field.required}
              aria-invalid={invalid}
              aria-describedby={describe}
              onChange={(event) => {
                context.onChange(
                  field.name,
                  [...event.target.selectedOptions].map((option) => option.value),
                );
              }}
            >
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <select
              id={id}
              name={field.name}
              value={text}
              required={field.required}
              aria-invalid={invalid}
              aria-describedby={describe}
              onChange={(event) => {
                context.onChange(field.name, event.target.value);
              }}
            >
              <option value="">–</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </div>
      );
    case 'radios':
    case 'checkboxes':
      return (
        <fieldset className={wrapper} aria-describedby={describe}>
          <Legend field={field} />
          <Help id={helpId} text={field.help} />
          <ErrorText id={errorId} text={error} />
          <div className="form-field__choices">
            {field.options.map((option, index) => {
              const optionId = index === 0 ? id : `${id}-${index}`;
              const checked =
                field.type === 'radios' ? text === option.value : list.includes(option.value);
              return (
                <div key={option.value} className="form-choice">
                  <input
                    id={optionId}
                    type={field.type === 'radios' ? 'radio' : 'checkbox'}
                    name={field.name}
                    value={option.value}
                    checked={checked}
                    required={field.type === 'radios' ? field.required : undefined}
                    aria-invalid={invalid}
                    onChange={(event) => {
                      if (field.type === 'radios') context.onChange(field.name, option.value);
                      else
                        context.onChange(
                          field.name,
                          event.target.checked
                            ? [...list, option.value]
                            : list.filter((item) => item !== option.value),
                        );
                    }}
                  />
                  <label htmlFor={optionId}>{option.label}</label>
                </div>
              );
            })}
          </div>
        </fieldset>
      );
    case 'checkbox':
      return (
        <div className={wrapper}>
          <ErrorText id={errorId} text={error} />
          <div className="form-choice">
            <input
              id={id}
              type="checkbox"
              name={field.name}
              checked={value === true}
              required={field.required}
              aria-invalid={invalid}
              aria-describedby={describe}
              onChange={(event) => {
                context.onChange(field.name, event.target.checked);
              }}
            />
            <Label field={field} htmlFor={id} />
          </div>
          <Help id={helpId} text={field.help} />
        </div>
      );
    case 'file':
      return (
        <FileField
          field={field}
          id={id}
          error={error}
          context={context}
          helpId={helpId}
          errorId={errorId}
        />
      );
    default:
      return (
        <div className={wrapper}>
          <Label field={field} htmlFor={id} />
          <Help id={helpId} text={field.help} />
          <ErrorText id={errorId} text={error} />
          <input
            id={id}
            name={field.name}
            type={INPUT_TYPES[field.type]}
            // Numbers as text with a numeric keyboard: browsers drop what type=number cannot
            // parse, and then nobody can see what was wrong.
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            value={text}
            required={field.required}
            autoComplete={'autocomplete' in field ? field.autocomplete : undefined}
            spellCheck={field.type === 'email' || field.type === 'url' ? false : undefined}
            min={field.type === 'date' ? field.min : undefined}
            max={field.type === 'date' ? field.max : undefined}
            aria-invalid={invalid}
            aria-describedby={describe}
            onChange={(event) => {
              context.onChange(field.name, event.target.value);
            }}
          />
        </div>
      );
  }
}

/** A field (or fieldset) when it is shown for the current values; nothing otherwise. */
export function FormField({ field, context }: { field: LocalField; context: FieldContext }) {
  if (!context.shown.has(field.name)) return null;
  if (field.type === 'fieldset') {
    const helpId = `${controlId(context.formId, field.name)}-help`;
    return (
      <fieldset className="form-fieldset" aria-describedby={field.help ? helpId : undefined}>
        <legend className="form-fieldset__legend">{field.label}</legend>
        <Help id={helpId} text={field.help} />
        {field.fields.map((child) => (
          <FormField key={child.name} field={child} context={context} />
        ))}
      </fieldset>
    );
  }
  return <Control field={field} context={context} />;
}
