// The follow-up page's part (front matter `followUp: true`, issue 41): the reference and the
// code open a session; the conversation is read, answered, deleted or closed through the
// follow-up API. The token lives in memory and one sessionStorage key, and goes on Close, on
// "Leave this site" and on 401. Without JavaScript the page says that it needs it.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { LocalForm } from '../../forms/local-form.ts';
import type { Translate } from '../../i18n/translate.ts';
import { readFollowUpToken, storeFollowUpToken } from '../../runtime/follow-up-session.ts';
import { useChrome } from '../Chrome.tsx';
import {
  closeSession,
  eraseConversation,
  openSession,
  readConversation,
  sendReply,
  setNotice,
  type Conversation as Thread,
  type Failure,
} from './follow-up-api.ts';
import { Conversation } from './Conversation.tsx';
import { EntryForm } from './EntryForm.tsx';
import type { Problem } from './ProblemSummary.tsx';
// The form's styles (fields, buttons, error summary): this chunk may load without the form's.
import '../form/form.css';
import './follow-up.css';

export interface FollowUpProps {
  /** The reply form (content/forms/reply.yaml) in the page's language. */
  form: LocalForm;
}

type View =
  | { step: 'script' | 'entry' | 'opening' | 'deleted' | 'closed'; problem?: Problem }
  | { step: 'open'; token: string; thread: Thread };

/** The entry form again, with what went wrong (an expired session's token forgotten). */
function failureView(failure: Failure, t: Translate): View {
  if (failure.kind === 'expired') storeFollowUpToken(null);
  const message =
    failure.kind === 'failed'
      ? t(failure.reason === 'network' ? 'followUp.error.network' : 'followUp.error.server')
      : failure.message;
  return { step: 'entry', problem: { message, fields: [] } };
}

/**
 * New content takes focus at its heading (the entry form's summary focuses itself), except
 * the first view after hydration: a page that has just loaded keeps the focus where the
 * browser put it, so a screen reader starts at the top as on any other page.
 */
function useHeadingFocus(view: View, heading: RefObject<HTMLHeadingElement | null>) {
  const firstView = useRef(true);
  useEffect(() => {
    if (view.step === 'script') return;
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    if (view.step !== 'opening' && !('problem' in view && view.problem)) heading.current?.focus();
  }, [view, heading]);
}

/** The follow-up page's entry form and conversation. */
export function FollowUp({ form }: FollowUpProps) {
  const { chrome, t } = useChrome();
  const language = chrome.language;
  const [view, setView] = useState<View>({ step: 'script' });
  const heading = useRef<HTMLHeadingElement>(null);

  const failed = (failure: Failure): View => failureView(failure, t);

  const load = async (token: string) => {
    const result = await readConversation(token);
    if (result.kind === 'ok') setView({ step: 'open', token, thread: result.conversation });
    else setView(failed(result));
  };

  // Once, after hydration (the server's HTML says the page needs a script): the stored token
  // of this tab, if any, reopens the conversation.
  useEffect(() => {
    const token = readFollowUpToken();
    void Promise.resolve().then(async () => {
      if (token) await load(token);
      else setView({ step: 'entry' });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useHeadingFocus(view, heading);

  const open = async (reference: string, code: string) => {
    setView({ step: 'opening' });
    const result = await openSession(language, reference, code);
    if (result.kind !== 'ok') {
      setView(failed(result));
      return;
    }
    storeFollowUpToken(result.token);
    await load(result.token);
  };

  /** Runs an action of the open conversation: a 401 ends it, anything else is the caller's. */
  const act = async (run: (token: string) => Promise<{ kind: string } | Failure>) => {
    if (view.step !== 'open') return null;
    const result = await run(view.token);
    if (result.kind === 'expired') {
      setView(failed(result as Failure));
      return null;
    }
    if (result.kind !== 'ok') return result as Failure;
    await load(view.token);
    return null;
  };

  const end = (step: 'deleted' | 'closed') => {
    storeFollowUpToken(null);
    setView({ step });
  };

  const title = (key: 'followUp.deleted' | 'followUp.closed' | 'followUp.entry') => (
    <h2 ref={heading} tabIndex={-1} className="follow-up__title">
      {t(key)}
    </h2>
  );

  switch (view.step) {
    case 'script':
      return (
        <section className="follow-up form">
          <p>{t('followUp.needsScript')}</p>
        </section>
      );
    case 'open':
      return (
        <section className="follow-up form" aria-labelledby="follow-up-title">
          <Conversation
            thread={view.thread}
            replyForm={form}
            heading={
              <h2 id="follow-up-title" ref={heading} tabIndex={-1} className="follow-up__title">
                {t('followUp.conversation', { reference: view.thread.reference })}
              </h2>
            }
            onReply={(message, attachments) =>
              act((token) => sendReply(token, language, message, attachments))
            }
            onNotify={(email) => act((token) => setNotice(token, language, email))}
            onErase={() => {
              const { token } = view;
              void eraseConversation(token).then((result) => {
                if (result.kind === 'ok') end('deleted');
                else setView(failed(result));
              });
            }}
            onClose={() => {
              void closeSession(view.token);
              end('closed');
            }}
          />
        </section>
      );
    default:
      return (
        <section className="follow-up form" aria-labelledby="follow-up-title">
          <div id="follow-up-title">
            {view.step === 'deleted'
              ? title('followUp.deleted')
              : view.step === 'closed'
                ? title('followUp.closed')
                : title('followUp.entry')}
          </div>
          <EntryForm
            busy={view.step === 'opening'}
            problem={view.step === 'entry' ? (view.problem ?? null) : null}
            onOpen={(reference, code) => void open(reference, code)}
          />
        </section>
      );
  }
}
