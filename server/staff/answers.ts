// A submission's answers as the desk reads them: each field's question in the staff member's
// language and in the visitor's, options shown by their label, files listed by name.
import type { FormDefinition } from '../../src/forms/definition.ts';
import { inputFields, localizeForm } from '../../src/forms/local-form.ts';
import type { LocaleId } from '../../src/i18n/locales.ts';
import type { SubmissionFile } from './inbox.ts';
import type { StaffTranslate } from './messages.ts';

export interface AnswerRow {
  name: string;
  question: string;
  /** The question as the visitor read it (same as `question` when the languages match). */
  visitorQuestion: string;
  /** The answer as text; null when the visitor left it empty. */
  answer: string | null;
  /** An e-mail address or a phone number: the page links it (mailto:, tel:). */
  contact?: 'email' | 'tel';
  files: SubmissionFile[];
}

/** One row per field of the form, in the form's order. */
export function answerRows(
  form: FormDefinition,
  values: Record<string, unknown>,
  files: SubmissionFile[],
  staffLanguage: LocaleId,
  visitorLanguage: LocaleId,
  t: StaffTranslate,
): AnswerRow[] {
  const visitorFields = new Map(
    inputFields(localizeForm(form, visitorLanguage).fields).map((field) => [field.name, field]),
  );
  return inputFields(localizeForm(form, staffLanguage).fields).map((field) => {
    const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    const optionLabel = (option: unknown) =>
      ('options' in field ? field.options : []).find((item) => item.value === option)?.label ??
      String(option);
    let answer: string | null;
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
      answer = null;
    } else if (field.type === 'checkbox') {
      answer = value === true ? t('yes') : t('no');
    } else if (Array.isArray(value)) {
      answer = value.map(optionLabel).join(', ');
    } else if ('options' in field) {
      answer = optionLabel(value);
    } else {
      answer = typeof value === 'string' ? value : JSON.stringify(value);
    }
    const ownFiles = files.filter((file) => file.field === field.name);
    return {
      name: field.name,
      question: field.label,
      visitorQuestion: visitorFields.get(field.name)?.label ?? field.label,
      answer: field.type === 'file' ? null : answer,
      ...(field.type === 'email' || field.type === 'tel' ? { contact: field.type } : {}),
      files: ownFiles,
    };
  });
}

/** The label of a topic value in a form that has a "topic" field (the list's column). */
export function topicLabel(form: FormDefinition | undefined, topic: string, language: LocaleId) {
  if (!form) return topic;
  const field = inputFields(localizeForm(form, language).fields).find(
    (item) => item.name === 'topic',
  );
  return (
    (field && 'options' in field ? field.options : []).find((item) => item.value === topic)
      ?.label ?? topic
  );
}
