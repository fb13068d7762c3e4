// The e-mail notice of a follow-up conversation: an address to be told at when the desk answers
// (never the answer itself), or stopping it, with what became of the request in a status line.
import { useState } from 'react';
import { useChrome } from '../Chrome.tsx';
import type { Failure } from './follow-up-api.ts';
import { textOf } from './EntryForm.tsx';

export interface EmailNoticeProps {
  /** Whether the visitor asked to be told by e-mail. */
  notifyByEmail: boolean;
  /** Sets the address, or none; a failure to show, or null. */
  onNotify: (email: string | null) => Promise<Failure | null>;
}

/** Asking for, or stopping, an e-mail when the desk answers. */
export function EmailNotice({ notifyByEmail, onNotify }: EmailNoticeProps) {
  const { t } = useChrome();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  const notify = async (email: string | null) => {
    const failed = await onNotify(email);
    if (!failed)
      setNotice({ text: t(email ? 'followUp.notify.on' : 'followUp.notify.off'), error: false });
    else
      setNotice({
        text:
          failed.kind === 'refused'
            ? (failed.errors.email ?? failed.message ?? t('followUp.error.server'))
            : t('followUp.error.server'),
        error: true,
      });
  };

  return (
    <section className="follow-up__email" aria-labelledby="follow-up-email-title">
      <h3 id="follow-up-email-title">{t('followUp.notify.title')}</h3>
      <p>{t('followUp.notify.help')}</p>
      {notifyByEmail ? (
        <button
          type="button"
          className="form-button form-button--secondary"
          onClick={() => void notify(null)}
        >
          {t('followUp.notify.stop')}
        </button>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const email = textOf(new FormData(event.currentTarget), 'email').trim();
            void notify(email);
          }}
        >
          <div className="form-field">
            <label htmlFor="follow-up-email" className="form-field__label">
              {t('followUp.notify.email')}
            </label>
            <input id="follow-up-email" name="email" type="email" autoComplete="off" />
          </div>
          <button type="submit" className="form-button form-button--secondary">
            {t('followUp.notify.start')}
          </button>
        </form>
      )}
      <p role="status" className={notice?.error ? 'field-error' : undefined}>
        {notice?.text ?? ''}
      </p>
    </section>
  );
}
