// A form from its definition: fields shown by their conditions, the GOV.UK error summary, then
// "Check your answers" (CheckAnswers), "Processing…" while it sends, and the confirmation
// (Confirmation) once the server has stored it.
// What the reader types is kept in localStorage until the server answers 201 (24 hours at most);
// the form says so and offers "Delete my draft".
import { useCallback, useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { formTitleId } from '../../routes/page-data.ts';
import {
  inputFields,
  shownFields,
  type LocalForm,
  type RawValue,
  type RawValues,
} from '../../forms/local-form.ts';
import { useChrome } from '../Chrome.tsx';
import { clearDraft, readDraft, writeDraft } from './draft.ts';
import { submitForm } from './form-api.ts';
import { controlId, type FieldContext } from './field-parts.tsx';
import { CheckAnswers } from './CheckAnswers.tsx';
import { Confirmation } from './Confirmation.tsx';
import { FormField } from './FormField.tsx';
import './form.css';

// zod and the validators load with the first interaction, so pages without a form skip them.
const loadSchema = () => import('../../forms/schema.ts');

function initialValues(form: LocalForm): RawValues {
  const values: RawValues = {};
  for (const field of inputFields(form.fields)) {
    values[field.name] =
      field.type === 'checkbox'
        ? false
        : field.type === 'checkboxes' ||
            field.type === 'file' ||
            (field.type === 'select' && field.multiple)
          ? []
          : '';
  }
  return values;
}

// Checking the answers, the form stays mounted (hidden): file fields keep their lists.
type Phase =
  | { step: 'editing' | 'validating' }
  | { step: 'checking' | 'sending'; fileNames: Record<string, string[]> }
  | { step: 'sent'; reference: string; followUpCode?: string; channel?: string };

/** The channel the reader chose for the answer: the replyBy field, or the phone they gave. */
const channelOf = (values: RawValues) =>
  typeof values.replyBy === 'string' && values.replyBy
    ? values.replyBy
    : typeof values.phone === 'string' && values.phone
      ? 'phone'
      : undefined;

/** Focuses a field's control, as the error summary and the "Change" links do. */
function focusControl(formId: string, name: string) {
  const control = document.getElementById(controlId(formId, name));
  control?.focus();
  control?.scrollIntoView({ block: 'center' });
}

export interface FormProps {
  form: LocalForm;
}

export function Form({ form }: FormProps) {
  const { t } = useChrome();
  const fields = useMemo(() => inputFields(form.fields), [form]);
  const fileFields = useMemo(
    () => new Set(fields.filter((field) => field.type === 'file').map((field) => field.name)),
    [fields],
  );
  const [values, setValues] = useState<RawValues>(() => initialValues(form));
  const latest = useRef(values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'editing' });
  const status = phase.step;
  const [restored, setRestored] = useState(false);
  // Set by "Delete my draft", for its announcement; the next change clears it.
  const [draftDeleted, setDraftDeleted] = useState(false);
  // Bumped on every failed submit: the summary takes focus after each one.
  const [attempt, setAttempt] = useState(0);
  // Bumped when the form is cleared: file fields start again with no files.
  const [generation, setGeneration] = useState(0);
  const uploads = useRef(new Set<Promise<unknown>>());
  const honeypot = useRef<HTMLInputElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const draftLoaded = useRef(false);
  // The names of the uploaded files per field, for "Check your answers".
  const fileNames = useRef<Record<string, string[]>>({});
  // The field a "Change" link returns to, focused once the form is shown again.
  const changing = useRef<string | null>(null);

  // Declared before the restoring effect, so its first run (with the empty form) saves nothing.
  useEffect(() => {
    if (draftLoaded.current && status !== 'sent') writeDraft(form.id, values, fileFields);
  }, [form.id, values, fileFields, status]);

  useEffect(() => {
    const draft = readDraft(form.id);
    draftLoaded.current = true;
    if (!draft) return;
    const known = Object.fromEntries(
      Object.entries(draft).filter(([name]) => name in latest.current && !fileFields.has(name)),
    );
    if (Object.keys(known).length === 0) return;
    latest.current = { ...latest.current, ...known };
    setValues(latest.current);
    setRestored(true);
  }, [form.id, fileFields]);

  useEffect(() => {
    if (attempt > 0) summary.current?.focus();
  }, [attempt]);
  useEffect(() => {
    if (status !== 'editing' || !changing.current) return;
    focusControl(form.id, changing.current);
    changing.current = null;
  }, [status, form.id]);

  const onChange = useCallback((name: string, value: RawValue) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    setDraftDeleted(false);
  }, []);
  const trackUpload = useCallback((upload: Promise<unknown>) => {
    uploads.current.add(upload);
    void upload.finally(() => uploads.current.delete(upload));
  }, []);
  const onFileNames = useCallback((name: string, names: string[]) => {
    fileNames.current = { ...fileNames.current, [name]: names };
  }, []);

  const shown = useMemo(() => shownFields(form.fields, values), [form.fields, values]);

  const fail = (fieldErrors: Record<string, string>, message: string | null) => {
    setErrors(fieldErrors);
    setProblem(message);
    setPhase({ step: 'editing' });
    setAttempt((count) => count + 1);
  };

  // "Continue": the checks of the browser, then "Check your answers".
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status !== 'editing') return;
    setPhase({ step: 'validating' });
    setProblem(null);
    // Files still uploading belong to this submission: wait for them.
    await Promise.allSettled([...uploads.current]);
    const { formSchema, fieldErrors } = await loadSchema();
    const checked = formSchema(form, t).safeParse(latest.current);
    if (!checked.success) {
      fail(fieldErrors(checked.error), null);
      return;
    }
    setErrors({});
    setPhase({ step: 'checking', fileNames: fileNames.current });
  };

  const send = async (names: Record<string, string[]>) => {
    setPhase({ step: 'sending', fileNames: names });
    const submitted = latest.current;
    const result = await submitForm(
      form.id,
      form.language,
      submitted,
      honeypot.current?.value ?? '',
    );
    switch (result.kind) {
      case 'created':
        clearDraft(form.id);
        setPhase({
          step: 'sent',
          reference: result.reference,
          ...(result.followUpCode ? { followUpCode: result.followUpCode } : {}),
          ...(channelOf(submitted) ? { channel: channelOf(submitted) } : {}),
        });
        break;
      case 'invalid':
        fail(result.errors, result.message ?? null);
        break;
      case 'failed':
        fail(
          {},
          result.message ??
            t(
              result.reason === 'network'
                ? 'form.error.network'
                : result.reason === 'server'
                  ? 'form.error.server'
                  : 'form.error.rejected',
            ),
        );
        break;
    }
  };

  const reset = () => {
    clearDraft(form.id);
    latest.current = initialValues(form);
    setValues(latest.current);
    setErrors({});
    setProblem(null);
    setRestored(false);
    fileNames.current = {};
    setGeneration((count) => count + 1);
  };

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
          onAnother={() => {
            reset();
            setPhase({ step: 'editing' });
          }}
        />
      </section>
    );
  }

  // Errors of fields that are no longer shown (their condition changed) are dropped.
  const listed = fields.filter((field) => shown.has(field.name) && errors[field.name]);
  const visibleErrors = Object.fromEntries(
    listed.map((field) => [field.name, errors[field.name] ?? '']),
  );
  const context: FieldContext = {
    formId: form.id,
    values,
    errors: visibleErrors,
    shown,
    onChange,
    trackUpload,
    onFileNames,
  };
  const submitting = status === 'validating';
  const checking = phase.step === 'checking' || phase.step === 'sending';
  const summaryId = `${form.id}-summary`;
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
          sending={status === 'sending'}
          onChangeField={(name) => {
            changing.current = name;
            setPhase({ step: 'editing' });
          }}
          onSend={() => void send(phase.fileNames)}
        />
      ) : null}
      <div hidden={checking}>
        {form.intro ? <p className="form__intro">{form.intro}</p> : null}
        <div className="form__notice">
          {restored ? <p>{t('form.draftRestored')}</p> : null}
          <p>{t('form.draft.notice')}</p>
          <button
            type="button"
            className="form-button form-button--secondary"
            onClick={() => {
              reset();
              setDraftDeleted(true);
            }}
          >
            {t('form.draft.delete')}
          </button>
          <p className="form__draft-status" role="status">
            {draftDeleted ? t('form.draft.deleted') : ''}
          </p>
        </div>
        <form
          noValidate
          className="form__form"
          onSubmit={(event) => void onSubmit(event)}
          onFocus={() => void loadSchema()}
        >
          {listed.length || problem ? (
            <div
              className="error-summary"
              ref={summary}
              tabIndex={-1}
              role="alert"
              aria-labelledby={`${summaryId}-title`}
            >
              <h2 id={`${summaryId}-title`} className="error-summary__title">
                {t('form.summary.title')}
              </h2>
              {problem ? <p className="error-summary__message">{problem}</p> : null}
              {listed.length ? (
                <ul className="error-summary__list">
                  {listed.map((field) => (
                    <li key={field.name}>
                      <a
                        href={`#${controlId(form.id, field.name)}`}
                        onClick={(event) => {
                          // The control itself takes focus, as GOV.UK's summary does.
                          event.preventDefault();
                          focusControl(form.id, field.name);
                        }}
                      >
                        {t('form.summary.item', {
                          label: field.label,
                          message: errors[field.name] ?? '',
                        })}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <div key={generation}>
            {form.fields.map((field) => (
              <FormField key={field.name} field={field} context={context} />
            ))}
          </div>
          <div className="form__hp" aria-hidden="true">
            <label htmlFor={`${form.id}-website`}>{t('form.honeypot')}</label>
            <input
              ref={honeypot}
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
