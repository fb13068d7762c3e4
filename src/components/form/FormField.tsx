// One field of a form as the GOV.UK pattern draws it: label, hint, error above the control,
// all tied to the control with aria-describedby. Fieldsets draw their shown children.
import type { ReactNode } from 'react';
import type { LocalField, LocalInputField } from '../../forms/local-form.ts';
import { ChoicesControl, SelectControl } from './ChoiceControls.tsx';
import {
  controlId,
  controlParts,
  ErrorText,
  Help,
  Label,
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
  const { id, error, helpId, errorId, value, text, invalid, describe, wrapper } = controlParts(
    field,
    context,
  );

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
      return <SelectControl field={field} context={context} />;
    case 'radios':
    case 'checkboxes':
      return <ChoicesControl field={field} context={context} />;
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
