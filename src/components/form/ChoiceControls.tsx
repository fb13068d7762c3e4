// The form fields with options: a select (one value, or several) and a group of radios or
// checkboxes, drawn the GOV.UK way like every field (FormField.tsx).
import type { LocalInputField } from '../../forms/local-form.ts';
import { controlParts, ErrorText, Help, Label, Legend, type FieldContext } from './field-parts.tsx';

/** A select: one value with an empty first option, or several. */
export function SelectControl({
  field,
  context,
}: {
  field: Extract<LocalInputField, { type: 'select' }>;
  context: FieldContext;
}) {
  const { id, error, helpId, errorId, text, list, invalid, describe, wrapper } = controlParts(
    field,
    context,
  );
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
}

/** A group of radios (one value) or checkboxes (several), the first input with the field's id. */
export function ChoicesControl({
  field,
  context,
}: {
  field: Extract<LocalInputField, { type: 'radios' | 'checkboxes' }>;
  context: FieldContext;
}) {
  const { id, error, helpId, errorId, text, list, invalid, describe, wrapper } = controlParts(
    field,
    context,
  );
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
}
