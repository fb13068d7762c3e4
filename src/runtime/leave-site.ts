// "Leave this site" (GOV.UK's "Exit this page"; docs/runtime.md "Leaving quickly"): the button,
// the hidden link for assistive technology, or Shift pressed three times blanks the page at once,
// removes what this site keeps on the device and replaces the current history entry with the
// neutral site. leave-site-entry.ts starts it from a script of its own, loaded `async` before the
// app's entry: it works as soon as its 1.2 KB arrives, before React has hydrated, and without
// React. Without JavaScript the button is a plain link to the neutral site.
import { endFollowUpSession } from './follow-up-session.ts';
import { forgetOffline, forgetStored } from './site-storage.ts';

/** The links that leave: the button and the hidden link (components/leave-site/LeaveSite.tsx). */
export const LEAVE_SELECTOR = 'a[data-leave-site]';
/** Shift pressed this many times… */
export const SHIFT_PRESSES = 3;
/** …within this many milliseconds leaves. */
export const SHIFT_WINDOW_MS = 5000;
/**
 * How long the exit waits for the caches and the service worker to go before it leaves anyway
 * (bench/leave-site.ts: both take a few milliseconds; a hung browser must not keep the reader).
 */
export const CLEANUP_LIMIT_MS = 300;
/** The server's answer clears what a script cannot reach (server/leave.ts; a test checks both). */
export const LEAVE_API_PATH = '/api/leave';
/** The status that says how many presses of Shift remain (its words: the button's data-*). */
const STATUS_ID = 'leave-site-status';

/** Counts presses of Shift on its own, as keyboard events arrive. */
export interface ShiftCounter {
  /** Any key going down: another key than Shift interrupts the count. */
  keydown: (event: { key: string; repeat: boolean }) => void;
  /** A key coming up at `now` (ms); answers the presses counted (SHIFT_PRESSES: leave). */
  keyup: (event: { key: string }, now: number) => number;
}

/**
 * A counter of Shift presses: Shift used with another key (a capital, Shift+Tab) does not count,
 * any other key starts the count again, and only presses within SHIFT_WINDOW_MS add up.
 */
export function shiftCounter(): ShiftCounter {
  let presses: number[] = [];
  let withOtherKey = false;
  return {
    keydown(event) {
      if (event.key !== 'Shift') {
        presses = [];
        withOtherKey = true;
      } else if (!event.repeat) {
        withOtherKey = false;
      }
    },
    keyup(event, now) {
      if (event.key !== 'Shift' || withOtherKey) return presses.length;
      presses = [...presses.filter((at) => now - at < SHIFT_WINDOW_MS), now];
      if (presses.length < SHIFT_PRESSES) return presses.length;
      presses = [];
      return SHIFT_PRESSES;
    },
  };
}

let leaving = false;

/** True once the reader is leaving: nothing may be stored any more (not even on pagehide). */
export function isLeaving(): boolean {
  return leaving;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Leaves for `href`: blanks the page, sends no Referer, forgets what is stored at once, asks the
 * server for Clear-Site-Data without waiting for it, then replaces this history entry as soon as
 * the caches and the worker are gone (CLEANUP_LIMIT_MS at most). Earlier entries of this site
 * stay in the history: the safety page says so.
 */
export async function leaveSite(href: string, win: Window = window): Promise<void> {
  const doc = win.document;
  doc.body.hidden = true;
  const referrer = doc.createElement('meta');
  referrer.name = 'referrer';
  referrer.content = 'no-referrer';
  doc.head.append(referrer);
  leaving = true;
  // The follow-up page's session goes at once, on the server too (ADR 0025).
  endFollowUpSession(win);
  forgetStored(win);
  // keepalive: the request outlives the page; its failure (offline, no API) changes nothing here.
  win
    .fetch(LEAVE_API_PATH, { method: 'POST', keepalive: true, credentials: 'same-origin' })
    .catch(() => undefined);
  await Promise.race([forgetOffline(win), wait(CLEANUP_LIMIT_MS)]);
  win.location.replace(href);
}

/** Says how many more presses of Shift leave, in the page's language (texts on the button). */
function announce(doc: Document, count: number): void {
  const button = doc.querySelector<HTMLElement>(LEAVE_SELECTOR);
  let status = doc.getElementById(STATUS_ID);
  if (!status) {
    // Outside React's root, so that hydration never meets it.
    status = doc.createElement('p');
    status.id = STATUS_ID;
    status.className = 'visually-hidden';
    status.setAttribute('role', 'status');
    doc.body.append(status);
  }
  const text =
    count === 1 ? button?.dataset.twoMore : count === 2 ? button?.dataset.oneMore : undefined;
  status.textContent = text ?? '';
}

/**
 * Listens on the whole document (no element needs to exist yet): clicks and Shift presses.
 * Capture: no handler of the page (the router's link handling) sees them first. Returns a
 * function that stops listening.
 */
export function listenForLeaving(win: Window = window): () => void {
  const doc = win.document;
  const controller = new AbortController();
  const options = { capture: true, signal: controller.signal };
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest<HTMLAnchorElement>(LEAVE_SELECTOR);
      if (!link || event.defaultPrevented || event.button !== 0) return;
      event.preventDefault();
      void leaveSite(link.href, win);
    },
    options,
  );
  const counter = shiftCounter();
  let announced = 0;
  doc.addEventListener('keydown', counter.keydown, options);
  doc.addEventListener(
    'keyup',
    (event) => {
      const presses = counter.keyup(event, event.timeStamp);
      if (presses >= SHIFT_PRESSES) {
        const link = doc.querySelector<HTMLAnchorElement>(LEAVE_SELECTOR);
        if (link) void leaveSite(link.href, win);
      } else if (presses !== announced) {
        announce(doc, presses);
      }
      announced = presses;
    },
    options,
  );
  // Scripts and tests can wait for this flag, as for data-hydrated (React never renders <html>).
  doc.documentElement.dataset.leaveReady = '';
  return () => {
    controller.abort();
  };
}
