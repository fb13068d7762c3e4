// The follow-up page's session token (issue 41): kept in memory by the page and in one
// sessionStorage key, so that a reload within the tab keeps the conversation open; never in a
// cookie, a URL or localStorage. "Leave this site" ends it on the server at once (ADR 0025).
import { SITE_KEY_PREFIX } from './site-storage.ts';

/** The one sessionStorage key (with the site's prefix, so forgetStored removes it too). */
export const FOLLOW_UP_SESSION_KEY = `${SITE_KEY_PREFIX}.followUpSession`;
/** The header that carries the token. */
export const FOLLOW_UP_SESSION_HEADER = 'X-Follow-Up-Session';
export const FOLLOW_UP_SESSION_PATH = '/api/follow-up/session';

/** The stored token, or null. */
export function readFollowUpToken(win: Window = window): string | null {
  try {
    return win.sessionStorage.getItem(FOLLOW_UP_SESSION_KEY);
  } catch {
    return null;
  }
}

/** Stores the token, or removes it when null. */
export function storeFollowUpToken(token: string | null, win: Window = window): void {
  try {
    if (token) win.sessionStorage.setItem(FOLLOW_UP_SESSION_KEY, token);
    else win.sessionStorage.removeItem(FOLLOW_UP_SESSION_KEY);
  } catch {
    // Storage disabled: the token lives in the page's memory only.
  }
}

/** Ends the stored session on the server without waiting (keepalive outlives the page). */
export function endFollowUpSession(win: Window = window): void {
  const token = readFollowUpToken(win);
  if (!token) return;
  storeFollowUpToken(null, win);
  win
    .fetch(FOLLOW_UP_SESSION_PATH, {
      method: 'DELETE',
      keepalive: true,
      credentials: 'omit',
      headers: { [FOLLOW_UP_SESSION_HEADER]: token },
    })
    .catch(() => undefined);
}
