// "Was this page useful?" at the end of a content page (issue #21; GOV.UK's pattern). Yes is sent
// at once; No opens "What was missing?", optional, with a warning not to write personal details.
// Sent through the forms API as the feedback form (content/forms/feedback.yaml), with its proof
// of work: no cookie, nothing kept on the device. The code that sends is loaded on the first
// answer, so a page that nobody rates does not carry it.
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { pathOfPage, type PageContext } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';

type Step = 'ask' | 'missing' | 'sending' | 'thanks' | 'failed';
type Useful = 'yes' | 'no';

/** The feedback block of the page: its answers name the page by its path in its language. */
export function PageFeedback({ pageContext }: { pageContext: PageContext }) {
  const { chrome, t } = useChrome();
  const path = pathOfPage(pageContext);
  const [step, setStep] = useState<Step>('ask');
  const [sent, setSent] = useState<{ useful: Useful; missing: string }>({
    useful: 'yes',
    missing: '',
  });
  const [missing, setMissing] = useState('');
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const status = useRef<HTMLParagraphElement>(null);

  // Focus follows the step: into the question when it opens, onto the answer after sending
  // (the buttons it replaces are gone), so neither keyboard nor screen reader is left behind.
  useEffect(() => {
    if (step === 'missing') field.current?.focus();
    if (step === 'thanks' || step === 'failed') status.current?.focus();
  }, [step]);

  const send = async (answer: { useful: Useful; missing: string }) => {
    setSent(answer);
    setStep('sending');
    try {
      const { submitForm } = await import('./form/form-api.ts');
      const values = {
        page: path,
        useful: answer.useful,
        ...(answer.missing.trim() ? { missing: answer.missing } : {}),
      };
      const result = await submitForm('feedback', chrome.language, values, '');
      setStep(result.kind === 'created' ? 'thanks' : 'failed');
    } catch {
      setStep('failed');
    }
  };
  const sendMissing = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send({ useful: 'no', missing });
  };

  const message =
    step === 'sending'
      ? t('feedback.sending')
      : step === 'thanks'
        ? t('feedback.thanks')
        : step === 'failed'
          ? t('feedback.failed')
          : '';
  return (
    <section className="page-feedback" aria-labelledby={`${id}-title`} data-pagefind-ignore="all">
      <h2 id={`${id}-title`} className="page-feedback__title">
        {t('feedback.title')}
      </h2>
      {step === 'ask' ? (
        <div className="page-feedback__answers">
          <button
            type="button"
            className="page-feedback__button"
            onClick={() => void send({ useful: 'yes', missing: '' })}
          >
            {t('feedback.yes')}
          </button>
          <button
            type="button"
            className="page-feedback__button"
            onClick={() => {
              setStep('missing');
            }}
          >
            {t('feedback.no')}
          </button>
        </div>
      ) : null}
      {step === 'missing' ? (
        <form className="page-feedback__form" onSubmit={sendMissing}>
          <label htmlFor={`${id}-missing`} className="page-feedback__label">
            {t('feedback.missing')}{' '}
            <span className="page-feedback__optional">{t('form.optional')}</span>
          </label>
          <p id={`${id}-warning`} className="page-feedback__warning">
            {t('feedback.warning')}
          </p>
          <textarea
            ref={field}
            id={`${id}-missing`}
            aria-describedby={`${id}-warning`}
            rows={4}
            maxLength={1000}
            value={missing}
            onChange={(event) => {
              setMissing(event.target.value);
            }}
          />
          <button type="submit" className="page-feedback__button">
            {t('feedback.send')}
          </button>
        </form>
      ) : null}
      <p ref={status} role="status" tabIndex={-1} className="page-feedback__status">
        {message}
      </p>
      {step === 'failed' ? (
        <button type="button" className="page-feedback__button" onClick={() => void send(sent)}>
          {t('feedback.retry')}
        </button>
      ) : null}
    </section>
  );
}
