// The GOV.UK error summary at the top of a form: the server's message when there is one, then a
// link per field in error that moves focus to its control. It takes focus after each failed try.
import type { Ref } from 'react';
import { useChrome } from '../Chrome.tsx';
import { controlId } from './field-parts.tsx';
import { focusControl } from './use-form.ts';

export interface ErrorSummaryProps {
  formId: string;
  /** The shown fields in error, in the form's order. */
  listed: readonly { name: string; label: string }[];
  errors: Readonly<Record<string, string>>;
  problem: string | null;
  ref: Ref<HTMLDivElement>;
}

/** The error summary, or nothing when there is no problem to show. */
export function ErrorSummary({ formId, listed, errors, problem, ref }: ErrorSummaryProps) {
  const { t } = useChrome();
  if (!listed.length && !problem) return null;
  const summaryId = `${formId}-summary`;
  return (
    <div
      className="error-summary"
      ref={ref}
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
                href={`#${controlId(formId, field.name)}`}
                onClick={(event) => {
                  // The control itself takes focus, as GOV.UK's summary does.
                  event.preventDefault();
                  focusControl(formId, field.name);
                }}
              >
                {t('form.summary.item', { label: field.label, message: errors[field.name] ?? '' })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
