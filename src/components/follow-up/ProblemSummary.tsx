// The error summary of the follow-up page's forms, as the form shows it (GOV.UK): a titled
// alert that takes focus, the server's message and a link per field error.
import { useEffect, useRef } from 'react';
import { useChrome } from '../Chrome.tsx';

export interface Problem {
  message?: string | undefined;
  /** Field errors: the control's id, its label, the message. */
  fields: { id: string; label: string; message: string }[];
}

/** The summary; focused each time a new problem is shown. */
export function ProblemSummary({ problem }: { problem: Problem }) {
  const { t } = useChrome();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [problem]);
  return (
    <div className="error-summary" ref={box} tabIndex={-1} role="alert">
      <h2 className="error-summary__title">{t('form.summary.title')}</h2>
      {problem.message ? <p className="error-summary__message">{problem.message}</p> : null}
      {problem.fields.length ? (
        <ul className="error-summary__list">
          {problem.fields.map((field) => (
            <li key={field.id}>
              <a
                href={`#${field.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(field.id)?.focus();
                }}
              >
                {t('form.summary.item', { label: field.label, message: field.message })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
