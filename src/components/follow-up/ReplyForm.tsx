// Writing back on the follow-up page: the `reply` form definition (content/forms/reply.yaml)
// drawn by FormField and FileField, so its text and files get the contact form's checks; sent
// to the follow-up API, not as a submission.
import { useCallback, useMemo, useRef, useState, type SubmitEvent } from 'react';
import {
  inputFields,
  type LocalForm,
  type RawValue,
  type RawValues,
} from '../../forms/local-form.ts';
import { useChrome } from '../Chrome.tsx';
import { controlId, type FieldContext } from '../form/field-parts.tsx';
import { FormField } from '../form/FormField.tsx';
import type { Failure } from './follow-up-api.ts';
import { ProblemSummary, type Problem } from './ProblemSummary.tsx';

export interface ReplyFormProps {
  form: LocalForm;
  /** Sends the text and the upload tokens; answers null when sent, else what failed. */
  onSend: (message: string, attachments: string[]) => Promise<Failure | null>;
}

const empty = (): RawValues => ({ message: '', attachments: [] });

/** The reply form; empties itself once the reply is sent. */
export function ReplyForm({ form, onSend }: ReplyFormProps) {
  const { t } = useChrome();
  const [values, setValues] = useState<RawValues>(empty);
  const latest = useRef(values);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [generation, setGeneration] = useState(0);
  const uploads = useRef(new Set<Promise<unknown>>());
  const fields = useMemo(() => inputFields(form.fields), [form]);

  const onChange = useCallback((name: string, value: RawValue) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
  }, []);
  const trackUpload = useCallback((upload: Promise<unknown>) => {
    uploads.current.add(upload);
    void upload.finally(() => uploads.current.delete(upload));
  }, []);

  const show = (errors: Record<string, string>, message?: string) => {
    setProblem({
      message,
      fields: fields
        .filter((field) => errors[field.name])
        .map((field) => ({
          id: controlId(form.id, field.name),
          label: field.label,
          message: errors[field.name] ?? '',
        })),
    });
    setState('idle');
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'sending') return;
    setState('sending');
    await Promise.allSettled([...uploads.current]);
    const { formSchema, fieldErrors } = await import('../../forms/schema.ts');
    const checked = formSchema(form, t).safeParse(latest.current);
    if (!checked.success) {
      show(fieldErrors(checked.error));
      return;
    }
    const { message, attachments } = latest.current;
    const failed = await onSend(
      typeof message === 'string' ? message : '',
      Array.isArray(attachments) ? attachments : [],
    );
    if (!failed) {
      latest.current = empty();
      setValues(latest.current);
      setProblem(null);
      setGeneration((count) => count + 1);
      setState('sent');
    } else if (failed.kind === 'refused') show(failed.errors, failed.message);
    else if (failed.kind === 'failed')
      show({}, t(failed.reason === 'network' ? 'followUp.error.network' : 'followUp.error.server'));
  };

  const shownErrors = Object.fromEntries(
    (problem?.fields ?? []).map((field) => [field.id.slice(form.id.length + 1), field.message]),
  );
  const context: FieldContext = {
    formId: form.id,
    values,
    errors: shownErrors,
    shown: new Set(fields.map((field) => field.name)),
    onChange,
    trackUpload,
  };

  return (
    <section className="follow-up__reply" aria-labelledby="follow-up-reply-title">
      <h3 id="follow-up-reply-title">{form.title}</h3>
      <form className="form__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {problem ? <ProblemSummary problem={problem} /> : null}
        <div key={generation}>
          {form.fields.map((field) => (
            <FormField key={field.name} field={field} context={context} />
          ))}
        </div>
        <div className="form__actions">
          <button
            type="submit"
            className="form-button"
            aria-disabled={state === 'sending' ? true : undefined}
          >
            {form.submit}
          </button>
          <p className="form__status" role="status">
            {state === 'sending'
              ? t('form.processing')
              : state === 'sent'
                ? t('followUp.sent')
                : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
