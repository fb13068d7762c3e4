// An open conversation on the follow-up page: its status in words, the desk's notice, the
// messages in order with their dates and files, writing back, the e-mail notice, "Delete my
// messages" (a confirmation step first) and "Close".
import { useState, type ReactNode } from 'react';
import { formatSize } from '../../forms/format-size.ts';
import type { LocalForm } from '../../forms/local-form.ts';
import { useChrome } from '../Chrome.tsx';
import type { Conversation as Thread, Failure } from './follow-up-api.ts';
import { EmailNotice } from './EmailNotice.tsx';
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
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' });

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
      <EmailNotice notifyByEmail={thread.notifyByEmail} onNotify={onNotify} />
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
