// The effects around a form's reducer (form-state.ts): the draft in localStorage, the browser's
// checks (the schema loads with the first interaction), the request to the server, and where
// focus goes after each move. Form.tsx draws what this returns.
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  inputFields,
  type LocalForm,
  type RawValue,
  type RawValues,
} from '../../forms/local-form.ts';
import type { Translate } from '../../i18n/translate.ts';
import { clearDraft, readDraft, writeDraft } from './draft.ts';
import { controlId } from './field-parts.tsx';
import { submitForm, type SubmitResult } from './form-api.ts';
import { canSubmit, formReducer, initialState } from './form-state.ts';

// zod and the validators load with the first interaction, so pages without a form skip them.
export const loadSchema = () => import('../../forms/schema.ts');

/** Each input field's empty value: false, an empty list, or an empty string. */
export function initialValues(form: LocalForm): RawValues {
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

/** Focuses a field's control, as the error summary and the "Change" links do. */
export function focusControl(formId: string, name: string) {
  const control = document.getElementById(controlId(formId, name));
  control?.focus();
  control?.scrollIntoView({ block: 'center' });
}

/** The message of the error summary for a request that did not store the submission. */
const failureMessage = (result: Exclude<SubmitResult, { kind: 'created' }>, t: Translate) =>
  result.message ??
  (result.kind === 'invalid'
    ? null
    : t(
        result.reason === 'network'
          ? 'form.error.network'
          : result.reason === 'server'
            ? 'form.error.server'
            : 'form.error.rejected',
      ));

/** The state of `form` and the handlers that move it, with the draft kept in step. */
export function useForm(form: LocalForm, t: Translate) {
  const fileFields = useMemo(
    () =>
      new Set(
        inputFields(form.fields)
          .filter((field) => field.type === 'file')
          .map((field) => field.name),
      ),
    [form],
  );
  const [state, dispatch] = useReducer(formReducer, form, (first) =>
    initialState(initialValues(first)),
  );
  const { phase, values, attempt } = state;
  const uploads = useRef(new Set<Promise<unknown>>());
  const honeypotRef = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const draftLoaded = useRef(false);

  // Declared before the restoring effect, so its first run (with the empty form) saves nothing.
  useEffect(() => {
    if (draftLoaded.current && phase.step !== 'sent') writeDraft(form.id, values, fileFields);
  }, [form.id, values, fileFields, phase.step]);

  useEffect(() => {
    const draft = readDraft(form.id);
    draftLoaded.current = true;
    if (!draft) return;
    const kept = Object.entries(draft).filter(([name]) => !fileFields.has(name));
    dispatch({ type: 'restore', values: Object.fromEntries(kept) });
  }, [form.id, fileFields]);

  useEffect(() => {
    if (attempt > 0) summaryRef.current?.focus();
  }, [attempt]);
  useEffect(() => {
    if (phase.step === 'editing' && phase.focus) focusControl(form.id, phase.focus);
  }, [phase, form.id]);

  const onChange = useCallback((name: string, value: RawValue) => {
    dispatch({ type: 'change', name, value });
  }, []);
  const trackUpload = useCallback((upload: Promise<unknown>) => {
    uploads.current.add(upload);
    void upload.finally(() => uploads.current.delete(upload));
  }, []);
  const onFileNames = useCallback((name: string, names: string[]) => {
    dispatch({ type: 'fileNames', name, names });
  }, []);

  // "Continue": the checks of the browser, then "Check your answers".
  const submit = async () => {
    if (!canSubmit(phase)) return;
    dispatch({ type: 'submit' });
    // Files still uploading belong to this submission: wait for them.
    await Promise.allSettled([...uploads.current]);
    const { formSchema, fieldErrors } = await loadSchema();
    const schema = formSchema(form, t);
    dispatch({
      type: 'check',
      validate: (checked) => {
        const result = schema.safeParse(checked);
        return result.success ? null : fieldErrors(result.error);
      },
    });
  };

  const send = async () => {
    if (phase.step !== 'checking') return;
    dispatch({ type: 'send' });
    const result = await submitForm(
      form.id,
      form.language,
      values,
      honeypotRef.current?.value ?? '',
    );
    if (result.kind === 'created') {
      clearDraft(form.id);
      dispatch({ type: 'sent', reference: result.reference, followUpCode: result.followUpCode });
    } else {
      const errors = result.kind === 'invalid' ? result.errors : {};
      dispatch({ type: 'refused', errors, problem: failureMessage(result, t) });
    }
  };

  const clear = (type: 'deleteDraft' | 'another') => {
    clearDraft(form.id);
    dispatch({ type, values: initialValues(form) });
  };

  return {
    state,
    honeypotRef,
    summaryRef,
    onChange,
    trackUpload,
    onFileNames,
    submit,
    send,
    changeField: (name: string) => {
      dispatch({ type: 'changeField', name });
    },
    deleteDraft: () => {
      clear('deleteDraft');
    },
    another: () => {
      clear('another');
    },
  };
}
