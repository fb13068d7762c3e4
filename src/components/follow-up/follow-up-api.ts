// The browser side of the follow-up API (docs/follow-up-api.md): open a session with the
// reference and the code, read the conversation, write back, ask for an e-mail notice, delete
// the conversation, close. Answers become results the page can show; nothing here throws.
import {
  FOLLOW_UP_SESSION_HEADER,
  FOLLOW_UP_SESSION_PATH,
} from '../../runtime/follow-up-session.ts';
import { proofOfWork } from '../form/form-api.ts';

export type FollowUpStatus = 'received' | 'in_progress' | 'answered' | 'closed';

export interface FollowUpMessage {
  from: 'visitor' | 'desk';
  at: string;
  text: string;
  files: { name: string; size: number }[];
}

export interface Conversation {
  reference: string;
  status: FollowUpStatus;
  deskNotice: string | null;
  notifyByEmail: boolean;
  messages: FollowUpMessage[];
}

/** A failed request: the server's translated message, its field errors, or a reason. */
export type Failure =
  | { kind: 'expired'; message?: string }
  | { kind: 'refused'; message?: string; errors: Record<string, string> }
  | { kind: 'failed'; reason: 'network' | 'server' };

export type Result<T> = ({ kind: 'ok' } & T) | Failure;

interface Body {
  error?: unknown;
  message?: unknown;
  errors?: unknown;
  [key: string]: unknown;
}

async function call(path: string, init: RequestInit, token?: string): Promise<[number, Body]> {
  // A JSON content type only with a body: the server refuses an empty JSON body (DELETE).
  const headers: Record<string, string> =
    init.body === undefined ? {} : { 'content-type': 'application/json' };
  if (token) headers[FOLLOW_UP_SESSION_HEADER] = token;
  const response = await fetch(path, { ...init, headers, credentials: 'omit', cache: 'no-store' });
  let body: Body = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as Body;
  } catch {
    // 204 or no JSON.
  }
  return [response.status, body];
}

const failure = (status: number, body: Body): Failure => {
  const message = typeof body.message === 'string' ? body.message : undefined;
  const errors =
    body.errors && typeof body.errors === 'object'
      ? Object.fromEntries(
          Object.entries(body.errors).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : {};
  if (status === 401 && body.error === 'session_expired')
    return { kind: 'expired', ...(message ? { message } : {}) };
  if (status >= 500 || !message) return { kind: 'failed', reason: 'server' };
  return { kind: 'refused', message, errors };
};

async function attempt<T>(run: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await run();
  } catch {
    return { kind: 'failed', reason: 'network' };
  }
}

/** Opens a session: 201 gives the token; a wrong reference or code gets one message. */
export const openSession = (lang: string, reference: string, code: string) =>
  attempt<{ token: string }>(async () => {
    const altcha = await proofOfWork();
    const [status, body] = await call(FOLLOW_UP_SESSION_PATH, {
      method: 'POST',
      body: JSON.stringify({ lang, reference, code, altcha }),
    });
    return status === 201 && typeof body.token === 'string'
      ? { kind: 'ok', token: body.token }
      : failure(status, body);
  });

/** Reads the conversation. */
export const readConversation = (token: string) =>
  attempt<{ conversation: Conversation }>(async () => {
    const [status, body] = await call('/api/follow-up', { method: 'GET' }, token);
    return status === 200 && Array.isArray(body.messages)
      ? { kind: 'ok', conversation: body as unknown as Conversation }
      : failure(status, body);
  });

/** Writes back: the text and the upload tokens of the reply form. */
export const sendReply = (token: string, lang: string, message: string, attachments: string[]) =>
  attempt<object>(async () => {
    const [status, body] = await call(
      '/api/follow-up/messages',
      { method: 'POST', body: JSON.stringify({ lang, message, attachments }) },
      token,
    );
    return status === 201 ? { kind: 'ok' } : failure(status, body);
  });

/** "Tell me by e-mail when you answer": an address, or null to stop. */
export const setNotice = (token: string, lang: string, email: string | null) =>
  attempt<object>(async () => {
    const [status, body] = await call(
      '/api/follow-up/notify',
      { method: 'PUT', body: JSON.stringify({ lang, email }) },
      token,
    );
    return status === 204 ? { kind: 'ok' } : failure(status, body);
  });

/** "Delete my messages": the whole conversation, at once. */
export const eraseConversation = (token: string) =>
  attempt<object>(async () => {
    const [status, body] = await call('/api/follow-up', { method: 'DELETE' }, token);
    return status === 204 ? { kind: 'ok' } : failure(status, body);
  });

/** "Close": ends the session on the server (204 whether or not it was known). */
export const closeSession = (token: string) =>
  attempt<object>(async () => {
    await call(FOLLOW_UP_SESSION_PATH, { method: 'DELETE' }, token);
    return { kind: 'ok' };
  });
