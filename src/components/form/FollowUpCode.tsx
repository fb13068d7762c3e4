// The follow-up code of a confirmation, shown once: grouped by four digits for reading, with
// Copy, Print (a print stylesheet keeps only the reference, the code and the page's address) and
// Save as a file, and the plain warning of what the code is and what it opens.
import { useState } from 'react';
import { useChrome } from '../Chrome.tsx';

/** The code as the reader reads it: groups of four digits. */
export const groupCode = (code: string) => code.replace(/(\d{4})(?=\d)/g, '$1 ');

export interface FollowUpCodeProps {
  reference: string;
  code: string;
}

/** The code panel of the confirmation. */
export function FollowUpCode({ reference, code }: FollowUpCodeProps) {
  const { chrome, t } = useChrome();
  const [status, setStatus] = useState('');
  const grouped = groupCode(code);
  const path = chrome.contact.followUpPath;
  const address = typeof window === 'undefined' ? path : `${window.location.origin}${path}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(grouped);
      setStatus(t('form.code.copied'));
    } catch {
      setStatus(t('form.code.copyFailed'));
    }
  };
  const save = () => {
    const name = `${reference}.txt`;
    const text = t('form.code.file', { reference, code: grouped, address });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    URL.revokeObjectURL(url);
    setStatus(t('form.code.saved', { name }));
  };

  return (
    <section className="form-code" aria-labelledby="form-code-title">
      <h4 id="form-code-title">{t('form.code.title')}</h4>
      <p className="form-code__warning">{t('form.code.warning')}</p>
      <dl className="form-code__card">
        <dt>{t('form.code.reference')}</dt>
        <dd>{reference}</dd>
        <dt>{t('form.code.code')}</dt>
        <dd className="form-code__code">{grouped}</dd>
        <dt>{t('form.code.address')}</dt>
        <dd>{address}</dd>
      </dl>
      <div className="form-code__actions">
        <button
          type="button"
          className="form-button form-button--secondary"
          onClick={() => void copy()}
        >
          {t('form.code.copy')}
        </button>
        <button
          type="button"
          className="form-button form-button--secondary"
          onClick={() => {
            window.print();
          }}
        >
          {t('form.code.print')}
        </button>
        <button type="button" className="form-button form-button--secondary" onClick={save}>
          {t('form.code.save')}
        </button>
      </div>
      <p className="form-code__status" role="status">
        {status}
      </p>
      <p>
        {/* A full load: the code leaves this page's memory. */}
        <a href={path}>{t('form.code.open')}</a>
      </p>
    </section>
  );
}
