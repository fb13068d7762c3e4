// An open conversation on the follow-up page: its status in words, the desk's notice, the
// messages in order with their dates and files, writing back, the e-mail notice, "Delete my
// messages" (a confirmation step first) and "Close".
import { useState, type ReactNode } from 'react';
import { formatSize } from '../../forms/format-size.ts';
import type { LocalForm } from '../../forms/local-form.ts';
import { useChrome } from '../Chrome.tsx';
import type { Conversation as Thread, Failure } from './follow-up-api.ts';
import { textOf } from './EntryForm.tsx';
import { ReplyForm } from './ReplyForm.tsx';

export interface ConversationProps {
  thread: Thread;
  replyForm: LocalForm;
  heading: ReactNode;
  onReply: (message: string, attachments: string[]) => Promise<Failure | null>;
  onNotify: (email: string | null) => Promise<Failure | null>;
  onErase: () => void;
  onClose: () => void;
}

/** The conversation and what the visitor can do with it. */
export function Conversation(props: ConversationProps) {
  const { thread, replyForm, heading, onReply, onNotify, onErase, onClose } = props;
  const { chrome, t } = useChrome();
  const language = chrome.language;
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' });

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
    <div className="follow-up__conversation">
      {heading}
      <p className="follow-up__status">{t('followUp.status', { status: thread.status })}</p>
      {thread.deskNotice ? (
        <div className="follow-up__notice">
          <h3>{t('followUp.deskNotice')}</h3>
          <p>{thread.deskNotice}</p>
        </div>
      ) : null}
      <ol className="follow-up__messages">
        {thread.messages.map((message, index) => (
          <li key={index} className={`follow-up__message follow-up__message--${message.from}`}>
            <h3>
              {t(message.from === 'desk' ? 'followUp.from.desk' : 'followUp.from.visitor', {
                date: dates.format(new Date(message.at)),
              })}
            </h3>
            <p className="follow-up__text">{message.text}</p>
            {message.files.length ? (
              <ul className="follow-up__files" aria-label={t('followUp.files')}>
                {message.files.map((file, fileIndex) => (
                  <li key={fileIndex}>
                    {file.name} ({formatSize(file.size, language)})
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {thread.status === 'closed' ? null : <ReplyForm form={replyForm} onSend={onReply} />}
      <section className="follow-up__email" aria-labelledby="follow-up-email-title">
        <h3 id="follow-up-email-title">{t('followUp.notify.title')}</h3>
        <p>{t('followUp.notify.help')}</p>
        {thread.notifyByEmail ? (
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
      <section className="follow-up__end" aria-labelledby="follow-up-end-title">
        <h3 id="follow-up-end-title">{t('followUp.end.title')}</h3>
        {confirming ? (
          <div className="follow-up__confirm" role="group" aria-labelledby="follow-up-confirm">
            <p id="follow-up-confirm">{t('followUp.erase.confirm')}</p>
            <button type="button" className="form-button form-button--warning" onClick={onErase}>
              {t('followUp.erase.yes')}
            </button>
            <button
              type="button"
              className="form-button form-button--secondary"
              onClick={() => {
                setConfirming(false);
              }}
            >
              {t('followUp.erase.cancel')}
            </button>
          </div>
        ) : (
          <div className="follow-up__actions">
            <button
              type="button"
              className="form-button form-button--secondary"
              onClick={() => {
                setConfirming(true);
              }}
            >
              {t('followUp.erase')}
            </button>
            <button type="button" className="form-button form-button--secondary" onClick={onClose}>
              {t('followUp.close')}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
