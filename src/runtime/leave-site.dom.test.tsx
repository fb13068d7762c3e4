// "Leave this site" in jsdom: which presses of Shift count, what a click leaves behind, and that
// the links do it without React. The browser test (tests/e2e/leave-site.spec.ts) checks the
// caches, the service worker and the neutral site's request.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLEANUP_LIMIT_MS,
  LEAVE_API_PATH,
  leaveSite,
  listenForLeaving,
  SHIFT_PRESSES,
  SHIFT_WINDOW_MS,
  shiftCounter,
} from './leave-site.ts';

const NEUTRAL = 'https://www.meteo.be/';

/** Presses and releases `key` (with Shift held when `shift`) at `at` ms. */
function press(counter: ReturnType<typeof shiftCounter>, key: string, at: number, shift = false) {
  counter.keydown({ key, repeat: false });
  return counter.keyup({ key }, at + (shift ? 0 : 1));
}

describe('shiftCounter', () => {
  it('counts Shift pressed alone, and leaves on the third press within five seconds', () => {
    const counter = shiftCounter();
    expect(press(counter, 'Shift', 0)).toBe(1);
    expect(press(counter, 'Shift', 1000)).toBe(2);
    expect(press(counter, 'Shift', SHIFT_WINDOW_MS - 10)).toBe(SHIFT_PRESSES);
    // Then it starts again.
    expect(press(counter, 'Shift', SHIFT_WINDOW_MS + 100)).toBe(1);
  });

  it('drops presses older than five seconds', () => {
    const counter = shiftCounter();
    press(counter, 'Shift', 0);
    press(counter, 'Shift', 3000);
    expect(press(counter, 'Shift', SHIFT_WINDOW_MS + 1)).toBe(2);
  });

  it('does not count Shift used with another key, and another key starts again', () => {
    const counter = shiftCounter();
    press(counter, 'Shift', 0);
    press(counter, 'Shift', 100);
    // Shift+Tab: Shift goes down, Tab goes down and up, Shift comes up.
    counter.keydown({ key: 'Shift', repeat: false });
    counter.keydown({ key: 'Tab', repeat: false });
    expect(counter.keyup({ key: 'Tab' }, 200)).toBe(0);
    expect(counter.keyup({ key: 'Shift' }, 250)).toBe(0);
    // A capital letter, typed in a form.
    counter.keydown({ key: 'Shift', repeat: false });
    counter.keydown({ key: 'A', repeat: false });
    counter.keyup({ key: 'A' }, 300);
    expect(counter.keyup({ key: 'Shift' }, 350)).toBe(0);
    expect(press(counter, 'Shift', 400)).toBe(1);
  });
});

describe('leaveSite', () => {
  let replace: ReturnType<typeof vi.fn>;
  let fetch: ReturnType<typeof vi.fn>;
  let win: Window;

  beforeEach(() => {
    replace = vi.fn();
    fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    win = new Proxy(window, {
      get: (target, key) =>
        key === 'location'
          ? { replace, hostname: 'localhost' }
          : key === 'fetch'
            ? fetch
            : (Reflect.get(target, key) as unknown),
    });
    localStorage.clear();
    sessionStorage.clear();
    document.head.innerHTML = '';
    document.body.hidden = false;
  });
  afterEach(() => {
    for (const name of ['guichet_consent', '_pk_id.7.1fff', 'other'])
      document.cookie = `${name}=; Path=/; Max-Age=0`;
  });

  it("blanks the page, removes this site's keys and cookies only, and replaces the history entry", async () => {
    localStorage.setItem('guichet.formDraft.contact', '{"savedAt":1,"values":{"message":"x"}}');
    localStorage.setItem('guichet.checklist./en/first-steps#papers', '{"savedAt":1,"ticked":[0]}');
    localStorage.setItem('another-site-key', 'kept');
    sessionStorage.setItem('guichet-scroll-positions', '{"a":10}');
    document.cookie = 'guichet_consent=x; Path=/';
    document.cookie = '_pk_id.7.1fff=y; Path=/';
    document.cookie = 'other=z; Path=/';

    await leaveSite(NEUTRAL, win);

    expect(document.body.hidden).toBe(true);
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe(
      'no-referrer',
    );
    expect(Object.keys(localStorage)).toEqual(['another-site-key']);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('other=z');
    // The server's Clear-Site-Data, asked for without waiting.
    expect(fetch).toHaveBeenCalledExactlyOnceWith(LEAVE_API_PATH, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
    });
    expect(replace).toHaveBeenCalledExactlyOnceWith(NEUTRAL);
  });

  it('leaves anyway when the caches do not answer', async () => {
    vi.useFakeTimers();
    const hung = new Proxy(win, {
      get: (target, key) =>
        key === 'caches'
          ? { keys: () => new Promise(() => undefined) }
          : (Reflect.get(target, key) as unknown),
      has: (target, key) => key === 'caches' || Reflect.has(target, key),
    });
    const leaving = leaveSite(NEUTRAL, hung);
    expect(replace).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CLEANUP_LIMIT_MS);
    await leaving;
    expect(replace).toHaveBeenCalledExactlyOnceWith(NEUTRAL);
    vi.useRealTimers();
  });
});

describe('listenForLeaving', () => {
  let replace: ReturnType<typeof vi.fn>;
  let stop: () => void;
  beforeEach(() => {
    replace = vi.fn();
    document.body.hidden = false;
    stop = listenForLeaving(
      new Proxy(window, {
        get: (target, key) =>
          key === 'location'
            ? { replace, hostname: 'localhost' }
            : (Reflect.get(target, key) as unknown),
      }),
    );
  });
  afterEach(() => {
    stop();
  });

  it('a click on a leave link leaves for its address; other links are left alone', async () => {
    document.body.innerHTML = `<a href="${NEUTRAL}" data-leave-site>Leave this site</a><a href="/en">Home</a>`;
    const [leave, home] = [...document.querySelectorAll('a')];
    // What the page's own handlers saw; jsdom cannot follow a link, so it is stopped here.
    let homeLeftAlone = false;
    home?.addEventListener('click', (event) => {
      homeLeftAlone = !event.defaultPrevented;
      event.preventDefault();
    });

    home?.click();
    expect(homeLeftAlone).toBe(true);
    expect(document.body.hidden).toBe(false);

    const leaveClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    leave?.dispatchEvent(leaveClick);
    expect(leaveClick.defaultPrevented).toBe(true);
    expect(document.body.hidden).toBe(true);
    await vi.waitFor(() => {
      expect(replace).toHaveBeenCalledExactlyOnceWith(NEUTRAL);
    });
  });

  it('Shift pressed three times leaves, saying in between how many presses remain', async () => {
    document.body.innerHTML = `<a href="${NEUTRAL}" data-leave-site data-two-more="Press 2 more" data-one-more="Press 1 more">Leave</a>`;
    const shift = (type: 'keydown' | 'keyup') =>
      document.dispatchEvent(new KeyboardEvent(type, { key: 'Shift' }));
    const status = () => document.getElementById('leave-site-status')?.textContent;

    shift('keydown');
    shift('keyup');
    expect(status()).toBe('Press 2 more');
    shift('keydown');
    shift('keyup');
    expect(status()).toBe('Press 1 more');
    expect(replace).not.toHaveBeenCalled();
    shift('keydown');
    shift('keyup');
    await vi.waitFor(() => {
      expect(replace).toHaveBeenCalledExactlyOnceWith(NEUTRAL);
    });
  });
});
