// The follow-up page's way in: the reference and the code. Autocomplete off, the code typed as
// digits with spaces allowed; it is posted by script only (POST body), never put in a URL.
import { useState, type SubmitEvent } from 'react';
import { useChrome } from '../Chrome.tsx';
import { ProblemSummary, type Problem } from './ProblemSummary.tsx';

const REFERENCE_ID = 'follow-up-reference';
const CODE_ID = 'follow-up-code';

export interface EntryFormProps {
  busy: boolean;
  problem: Problem | null;
  onOpen: (reference: string, code: string) => void;
}

/** A text field's value from the form's data. */
export const textOf = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

/** The code without the spaces and dashes a reader may type. */
export const plainCode = (code: string) => code.replace(/[\s-]/g, '');

/** The reference and code form; checks them before the proof of work starts. */
export function EntryForm({ busy, problem, onOpen }: EntryFormProps) {
  const { t } = useChrome();
  const [local, setLocal] = useState<Problem | null>(null);
  const shown = local ?? problem;
  const errorOf = (id: string) => shown?.fields.find((field) => field.id === id)?.message;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const reference = textOf(data, 'reference').trim().toUpperCase();
    const code = plainCode(textOf(data, 'code'));
    const fields: Problem['fields'] = [];
    if (!reference)
      fields.push({
        id: REFERENCE_ID,
        label: t('followUp.reference'),
        message: t('followUp.error.reference'),
      });
    if (!/^\d{16}$/.test(code))
      fields.push({ id: CODE_ID, label: t('followUp.code'), message: t('followUp.error.code') });
    if (fields.length) {
      setLocal({ fields });
      return;
    }
    setLocal(null);
    onOpen(reference, code);
  };

  const field = (id: string, name: string, label: string, help: string, numeric: boolean) => {
    const error = errorOf(id);
    return (
      <div className={`form-field${error ? ' form-field--error' : ''}`}>
        <label htmlFor={id} className="form-field__label">
          {label}
        </label>
        <p id={`${id}-help`} className="form-field__help">
          {help}
        </p>
        {error ? (
          <p id={`${id}-error`} className="field-error form-field__error">
            {error}
          </p>
        ) : null}
        <input
          id={id}
          name={name}
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize={numeric ? 'off' : 'characters'}
          inputMode={numeric ? 'numeric' : 'text'}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          className={numeric ? 'follow-up__code-input' : undefined}
        />
      </div>
    );
  };

  return (
    <form className="form__form follow-up__entry" noValidate onSubmit={onSubmit}>
      {shown ? <ProblemSummary problem={shown} /> : null}
      {field(
        REFERENCE_ID,
        'reference',
        t('followUp.reference'),
        t('followUp.reference.help'),
        false,
      )}
      {field(CODE_ID, 'code', t('followUp.code'), t('followUp.code.help'), true)}
      <div className="form__actions">
        <button type="submit" className="form-button" aria-disabled={busy ? true : undefined}>
          {t('followUp.open')}
        </button>
        <p className="form__status" role="status">
          {busy ? t('form.processing') : ''}
        </p>
      </div>
    </form>
  );
}
