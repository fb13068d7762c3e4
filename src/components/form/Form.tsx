// A form from its definition: fields shown by their conditions, the GOV.UK error summary, then
// "Check your answers" (CheckAnswers), "Processing…" while it sends, and the confirmation
// (Confirmation) once the server has stored it. The states and their moves are form-state.ts's
// reducer; use-form.ts runs the effects (draft, checks, request, focus).
// What the reader types is kept in localStorage until the server answers 201 (24 hours at most);
// the form says so and offers "Delete my draft".
import { useMemo } from 'react';
import { formTitleId } from '../../routes/page-data.ts';
import { inputFields, shownFields, type LocalForm } from '../../forms/local-form.ts';
import { useChrome } from '../Chrome.tsx';
import type { FieldContext } from './field-parts.tsx';
import { CheckAnswers } from './CheckAnswers.tsx';
import { Confirmation } from './Confirmation.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { FormField } from './FormField.tsx';
import { loadSchema, useForm } from './use-form.ts';
import './form.css';

export interface FormProps {
  form: LocalForm;
}

/** What the form keeps on this device, "Delete my draft" and its announcement. */
function DraftNotice(props: { restored: boolean; deleted: boolean; onDelete: () => void }) {
  const { t } = useChrome();
  return (
    <div className="form__notice">
      {props.restored ? <p>{t('form.draftRestored')}</p> : null}
      <p>{t('form.draft.notice')}</p>
      <button type="button" className="form-button form-button--secondary" onClick={props.onDelete}>
        {t('form.draft.delete')}
      </button>
      <p className="form__draft-status" role="status">
        {props.deleted ? t('form.draft.deleted') : ''}
      </p>
    </div>
  );
}

/** A form from its definition, through its states to the confirmation. */
export function Form({ form }: FormProps) {
  const { t } = useChrome();
  const fields = useMemo(() => inputFields(form.fields), [form]);
  const machine = useForm(form, t);
  const { honeypotRef, summaryRef } = machine;
  const { phase, values, errors, problem, restored, draftDeleted, generation } = machine.state;
  const shown = useMemo(() => shownFields(form.fields, values), [form.fields, values]);

  const titleId = formTitleId(form.id);
  if (phase.step === 'sent') {
    return (
      // The region keeps the form's title as its name; the thanks are a panel inside it.
      <section className="form" aria-labelledby={titleId} data-pagefind-ignore="">
        <h2 id={titleId}>{form.title}</h2>
        <Confirmation
          reference={phase.reference}
          followUpCode={phase.followUpCode}
          channel={phase.channel}
          keptDays={form.keptDays}
          onAnother={machine.another}
        />
      </section>
    );
  }

  // Errors of fields that are no longer shown (their condition changed) are dropped.
  const listed = fields.filter((field) => shown.has(field.name) && errors[field.name]);
  const context: FieldContext = {
    formId: form.id,
    values,
    errors: Object.fromEntries(listed.map((field) => [field.name, errors[field.name] ?? ''])),
    shown,
    onChange: machine.onChange,
    trackUpload: machine.trackUpload,
    onFileNames: machine.onFileNames,
  };
  const submitting = phase.step === 'validating';
  const formErrorId = `${form.id}-form-error`;

  return (
    <section className="form" aria-labelledby={titleId} data-pagefind-ignore="">
      <h2 id={titleId}>{form.title}</h2>
      {phase.step === 'checking' || phase.step === 'sending' ? (
        <CheckAnswers
          formId={form.id}
          fields={fields.filter((field) => shown.has(field.name))}
          values={values}
          fileNames={phase.fileNames}
          submit={form.submit}
          sending={phase.step === 'sending'}
          onChangeField={machine.changeField}
          onSend={() => void machine.send()}
        />
      ) : null}
      <div hidden={phase.step === 'checking' || phase.step === 'sending'}>
        {form.intro ? <p className="form__intro">{form.intro}</p> : null}
        <DraftNotice restored={restored} deleted={draftDeleted} onDelete={machine.deleteDraft} />
        <form
          noValidate
          className="form__form"
          onSubmit={(event) => {
            event.preventDefault();
            void machine.submit();
          }}
          onFocus={() => void loadSchema()}
        >
          <ErrorSummary
            formId={form.id}
            listed={listed}
            errors={errors}
            problem={problem}
            ref={summaryRef}
          />
          <div key={generation}>
            {form.fields.map((field) => (
              <FormField key={field.name} field={field} context={context} />
            ))}
          </div>
          <div className="form__hp" aria-hidden="true">
            <label htmlFor={`${form.id}-website`}>{t('form.honeypot')}</label>
            <input
              ref={honeypotRef}
              id={`${form.id}-website`}
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>
          {listed.length ? (
            <p id={formErrorId} className="field-error form__error">
              {t('form.error.form')}
            </p>
          ) : null}
          <div className="form__actions">
            <button
              type="submit"
              className="form-button"
              aria-disabled={submitting ? true : undefined}
              aria-describedby={listed.length ? formErrorId : undefined}
            >
              {t('form.check.continue')}
            </button>
            <p className="form__status" role="status">
              {submitting ? t('form.processing') : ''}
            </p>
          </div>
        </form>
      </div>
    </section>
  );
}
