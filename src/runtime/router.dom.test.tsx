// The navigation rules of the one-route router: the page loads before the history moves, a newer
// navigation wins, a query or hash change loads nothing, back and forward load through the loader.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserRouter, createStaticRouter, resolveTo, type Router } from './router.ts';

interface Deferred {
  url: string;
  resolve: (page: string) => void;
  reject: (error: unknown) => void;
}

let routers: Router<string>[] = [];
let pending: Deferred[] = [];
const load = vi.fn(
  (url: URL) =>
    new Promise<string>((resolve, reject) => {
      pending.push({ url: url.pathname + url.search + url.hash, resolve, reject });
    }),
);
// null: a document without prerendered data.
const start = (initialData: string | null = 'first page') => {
  const router = createBrowserRouter<string>({
    load,
    window,
    ...(initialData === null ? {} : { initialData }),
  });
  routers.push(router);
  return router;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const popped = () =>
  new Promise<void>((resolve) => {
    window.addEventListener(
      'popstate',
      () => {
        resolve();
      },
      { once: true },
    );
  });

beforeEach(() => {
  window.history.replaceState(null, '', '/en/first-steps');
  pending = [];
  load.mockClear();
});
afterEach(() => {
  for (const router of routers) router.dispose();
  routers = [];
});

describe('a navigation', () => {
  it('keeps the current page and address while the next one loads, then shows both', async () => {
    const router = start();
    const done = router.navigate('/en/contacts#phone');
    expect(router.state.navigation).toMatchObject({
      state: 'loading',
      location: { pathname: '/en/contacts' },
    });
    expect(window.location.pathname).toBe('/en/first-steps');
    expect(router.state.data).toBe('first page');
    // The loader is asked for the page without the #hash.
    expect(pending.map((request) => request.url)).toEqual(['/en/contacts']);
    pending[0]?.resolve('contacts');
    await done;
    expect(window.location.pathname + window.location.hash).toBe('/en/contacts#phone');
    expect(router.state).toMatchObject({
      data: 'contacts',
      action: 'PUSH',
      navigation: { state: 'idle' },
    });
  });

  it('that a newer one overtakes is dropped: the newer click wins', async () => {
    const router = start();
    const first = router.navigate('/en/contacts');
    const second = router.navigate('/en/news');
    pending[1]?.resolve('news');
    await second;
    pending[0]?.resolve('contacts');
    await first;
    expect(router.state.data).toBe('news');
    expect(window.location.pathname).toBe('/en/news');
  });

  it('to another query or hash of the same page makes no request', async () => {
    const router = start();
    await router.navigate('?q=cookie', { preventScrollReset: true });
    await router.navigate({ hash: 'step-2' });
    expect(load).not.toHaveBeenCalled();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/en/first-steps#step-2',
    );
    expect(router.state.data).toBe('first page');
  });

  it('that fails shows the error, and the same path is loaded again next time', async () => {
    const router = start();
    const failed = router.navigate('/en/contacts');
    pending[0]?.reject(new Error('offline'));
    await failed;
    expect(router.state.error).toEqual(new Error('offline'));
    expect(router.state.data).toBeUndefined();
    const again = router.navigate('/en/contacts?retry=1');
    expect(load).toHaveBeenCalledTimes(2);
    pending[1]?.resolve('contacts');
    await again;
    expect(router.state).toMatchObject({ data: 'contacts', error: undefined });
  });

  it('replaces the history entry when asked, keeping the state given', async () => {
    const router = start();
    const before = window.history.length;
    await router.navigate('/en/first-steps', { replace: true, state: { shownUntil: 2 } });
    expect(window.history.length).toBe(before);
    expect(router.state.location.state).toEqual({ shownUntil: 2 });
    expect(router.state.action).toBe('REPLACE');
  });
});

describe('back and forward', () => {
  it('load the page the browser went back to, with the entry it had', async () => {
    const router = start();
    const forward = router.navigate('/en/contacts', { state: 'from the steps' });
    pending[0]?.resolve('contacts');
    await forward;
    const back = popped();
    window.history.back();
    await back;
    expect(router.state.navigation).toMatchObject({
      state: 'loading',
      location: { pathname: '/en/first-steps' },
    });
    pending[1]?.resolve('first page again');
    await settle();
    expect(router.state).toMatchObject({ action: 'POP', data: 'first page again' });
    expect(router.state.location.pathname).toBe('/en/first-steps');
  });

  it('restore the scroll position saved when the entry was left', async () => {
    const router = start();
    let y = 640;
    router.enableScrollRestoration({}, () => y);
    const forward = router.navigate('/en/contacts');
    pending[0]?.resolve('contacts');
    await forward;
    expect(router.state.restoreScrollPosition).toBeNull();
    y = 0;
    const back = popped();
    window.history.back();
    await back;
    pending[1]?.resolve('first page');
    await settle();
    expect(router.state.restoreScrollPosition).toBe(640);
  });
});

describe('the first page', () => {
  // Regression: every document opened afresh had the key "default", so /en/contacts typed in
  // the address bar opened at the position saved for another page, 3,000 px down.
  it('opened afresh gets a key of its own, and no position saved for another entry', () => {
    const first = start();
    const firstKey = first.state.location.key;
    expect(firstKey).not.toBe('default');
    first.dispose();
    // Another address typed in the same tab: a new document, a new entry without state.
    window.history.pushState(null, '', '/en/contacts');
    const second = start();
    expect(second.state.location.key).not.toBe(firstKey);
    second.enableScrollRestoration({ [firstKey]: 3000, default: 3000 }, () => 0);
    expect(second.state.restoreScrollPosition).toBe(false);
  });

  it('reloaded keeps its key and gets its position back', () => {
    const first = start();
    const key = first.state.location.key;
    first.dispose();
    // A reload: the same entry, its state kept by the browser.
    const reloaded = start();
    expect(reloaded.state.location.key).toBe(key);
    reloaded.enableScrollRestoration({ [key]: 1200 }, () => 0);
    expect(reloaded.state.restoreScrollPosition).toBe(1200);
  });

  it('is loaded by the router when the document brought no data (npm run dev)', async () => {
    const router = start(null);
    expect(router.state.data).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    pending[0]?.resolve('first page');
    await settle();
    expect(router.state.data).toBe('first page');
  });

  it('is rendered by the prerender at its location, and links resolve against it', () => {
    const router = createStaticRouter('/en/what-applies-to-me?x=1#screen=where', 'page');
    expect(router.state.location).toMatchObject({
      pathname: '/en/what-applies-to-me',
      search: '?x=1',
      hash: '#screen=where',
    });
    expect(router.createHref({ hash: 'screen=plan' })).toBe('/en/what-applies-to-me#screen=plan');
  });
});

describe('resolveTo', () => {
  const from = { pathname: '/en/news', search: '?page=2', hash: '#top' };
  it.each([
    ['/en/contacts', '/en/contacts', '', ''],
    ['?topic=aid', '/en/news', '?topic=aid', ''],
    ['#list', '/en/news', '', '#list'],
    ['agenda', '/en/agenda', '', ''],
  ])('resolves %s as React Router does', (to, pathname, search, hash) => {
    expect(resolveTo(to, from)).toEqual({ pathname, search, hash });
  });
});
