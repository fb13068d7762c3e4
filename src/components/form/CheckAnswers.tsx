// "Check your answers" (GOV.UK pattern): after the form passes its checks in the browser, each
// shown answer as the reader sees it (option labels, not codes; file names; dates in words),
// each with a "Change" link back to its field, then the form's own send button.
import { useEffect, useRef } from 'react';
import type { LocalInputField, RawValue, RawValues } from '../../forms/local-form.ts';
import type { Translate } from '../../i18n/translate.ts';
import { useChrome } from '../Chrome.tsx';
import { controlId } from './field-parts.tsx';

type Answerable = Exclude<LocalInputField, { type: 'markup' }>;

/** The answer of one field as the reader sees it: a line per value, none when left empty. */
export function answerLines(
  field: Answerable,
  value: RawValue | undefined,
  fileNames: readonly string[],
  language: string,
  t: Translate,
): string[] {
  if (field.type === 'file') return [...fileNames];
  if (field.type === 'checkbox') return [t(value === true ? 'form.check.yes' : 'form.check.no')];
  const values = (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string' && item.trim() !== '',
  );
  if ('options' in field) {
    return values.map(
      (item) => field.options.find((option) => option.value === item)?.label ?? item,
    );
  }
  if (field.type === 'date') {
    return values.map((item) => {
      const date = new Date(`${item}T12:00:00Z`);
      return Number.isNaN(date.getTime())
        ? item
        : new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
    });
  }
  return values;
}

export interface CheckAnswersProps {
  formId: string;
  fields: readonly Answerable[];
  values: RawValues;
  fileNames: Readonly<Record<string, readonly string[]>>;
  submit: string;
  sending: boolean;
  onChangeField: (name: string) => void;
  onSend: () => void;
}

/** The answers of the shown fields with their "Change" links, and the send button. */
export function CheckAnswers({
  formId,
  fields,
  values,
  fileNames,
  submit,
  sending,
  onChangeField,
  onSend,
}: CheckAnswersProps) {
  const { chrome, t } = useChrome();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="form-check">
      <h3 className="form-check__title" ref={heading} tabIndex={-1}>
        {t('form.check.title')}
      </h3>
      <dl className="form-check__list">
        {fields.map((field) => {
          const lines = answerLines(
            field,
            values[field.name],
            fileNames[field.name] ?? [],
            chrome.language,
            t,
          );
          return (
            <div className="form-check__row" key={field.name}>
              <dt className="form-check__key">{field.label}</dt>
              <dd className="form-check__value">
                {lines.length === 0
                  ? t(field.type === 'file' ? 'form.check.noFiles' : 'form.check.empty')
                  : lines.map((line, index) => <p key={index}>{line}</p>)}
              </dd>
              <dd className="form-check__action">
                <a
                  href={`#${controlId(formId, field.name)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onChangeField(field.name);
                  }}
                >
                  {t('form.check.change')} <span className="visually-hidden">{field.label}</span>
                </a>
              </dd>
            </div>
          );
        })}
      </dl>
      <div className="form__actions">
        <button
          type="button"
          className="form-button"
          aria-disabled={sending ? true : undefined}
          onClick={() => {
            if (!sending) onSend();
          }}
        >
          {submit}
        </button>
        <p className="form__status" role="status">
          {sending ? t('form.processing') : ''}
        </p>
      </div>
    </div>
  );
}
