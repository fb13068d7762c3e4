// The confirmation after the server stored a message: the reference, what happens next (when
// the desk answers, by which channel, what to do if it is urgent) and, for forms with a
// follow-up, the follow-up code shown once.
import { useEffect, useRef } from 'react';
import { useChrome } from '../Chrome.tsx';
import { DeskPhones } from '../DeskPhones.tsx';
import { FollowUpCode } from './FollowUpCode.tsx';

export interface ConfirmationProps {
  reference: string;
  followUpCode?: string | undefined;
  /** The channel the reader chose: "email", "phone", "none"; undefined when the form has none. */
  channel?: string | undefined;
  /** Days the message (and its conversation) is kept. */
  keptDays: number;
  onAnother: () => void;
}

const CHANNELS = ['email', 'phone', 'none'] as const;

/** The thanks panel with what happens next and the follow-up code. */
export function Confirmation({
  reference,
  followUpCode,
  channel,
  keptDays,
  onAnother,
}: ConfirmationProps) {
  const { chrome, t } = useChrome();
  const { contact } = chrome;
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  const known = CHANNELS.find((item) => item === channel);
  const answered = known !== undefined || followUpCode !== undefined;
  return (
    <div className="form-success" ref={panel} tabIndex={-1}>
      <h3 className="form-success__title">{t('form.success')}</h3>
      <p>{t('form.reference', { reference })}</p>
      {answered ? (
        <>
          <h4>{t('form.next.title')}</h4>
          {known !== 'none' ? <p>{t('form.next.when', { period: contact.answerTime })}</p> : null}
          <p>
            {t(`form.next.${known ?? 'page'}`)}
            {followUpCode ? ` ${t('form.next.alsoPage')}` : ''}
          </p>
          <p>{t('form.next.urgent')}</p>
          <DeskPhones />
        </>
      ) : null}
      <p>
        {followUpCode
          ? t('form.next.keptConversation', { days: keptDays })
          : t('form.next.kept', { days: keptDays })}
      </p>
      {followUpCode ? <FollowUpCode reference={reference} code={followUpCode} /> : null}
      <button type="button" className="form-button form-button--secondary" onClick={onAnother}>
        {t('form.another')}
      </button>
    </div>
  );
}
