// The router of the site's one catch-all route (ADR 0018): a navigation loads the target page
// first and only then moves the history and renders it; a newer navigation wins, a query or hash
// change on the same page loads nothing, back and forward go through the loader too.

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}
export interface Location extends Path {
  /** The state the navigation stored in its history entry. */
  state: unknown;
  /** Names the history entry: scroll positions are kept per key. */
  key: string;
}
/** A path, or the parts of one that change (`{ hash }` keeps the current pathname). */
export type To = string | Partial<Path>;
export interface NavigateOptions {
  replace?: boolean;
  /** Leaves the scroll position where it is (a filter or "load more" on the same page). */
  preventScrollReset?: boolean;
  state?: unknown;
}
export type Navigation =
  { state: 'idle'; location?: undefined } | { state: 'loading'; location: Location };
export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface RouterState<T> {
  location: Location;
  action: HistoryAction;
  navigation: Navigation;
  /** The loaded page; undefined while the first load runs and after a failed load. */
  data: T | undefined;
  /** What the last load threw, shown by the error view; undefined when it succeeded. */
  error: unknown;
  /** A saved position to go back to, null to scroll to the hash or the top, false to stay. */
  restoreScrollPosition: number | false | null;
  preventScrollReset: boolean;
}

export interface Router<T> {
  readonly state: RouterState<T>;
  subscribe: (listener: (state: RouterState<T>) => void) => () => void;
  navigate: (to: To, options?: NavigateOptions) => Promise<void>;
  /** The href of `to` from the current location. */
  createHref: (to: To) => string;
  /** Saves scroll positions per history entry from now on, and restores the first page's. */
  enableScrollRestoration: (positions: Record<string, number>, scrollY: () => number) => void;
  dispose: () => void;
}

export interface BrowserRouterEnv<T> {
  /** Loads the page at `url` (no #hash); a throw shows the error view. */
  load: (url: URL) => Promise<T>;
  window: Window;
  /** The page the document was prerendered with: no load before the first render. */
  initialData?: T;
}

interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const IDLE: Navigation = { state: 'idle' };

const prefixed = (value: string, prefix: string) =>
  !value || value === prefix ? '' : value.startsWith(prefix) ? value : prefix + value;

/** `pathname?search#hash`, empty parts left out. */
export function createPath({ pathname, search, hash }: Path): string {
  return pathname + prefixed(search, '?') + prefixed(hash, '#');
}

/** Splits a path into its parts, without normalising them. */
export function parsePath(path: string): Path {
  const hashAt = path.indexOf('#');
  const hash = hashAt < 0 ? '' : path.slice(hashAt);
  const rest = hashAt < 0 ? path : path.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt < 0 ? rest : rest.slice(0, searchAt),
    search: searchAt < 0 ? '' : rest.slice(searchAt),
    hash,
  };
}

/**
 * Resolves `to` as React Router does for a route at `from`: an empty pathname keeps the current
 * one, the query and hash come from `to` alone.
 */
export function resolveTo(to: To, from: Path): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  const pathname = parts.pathname ?? '';
  return {
    pathname: !pathname
      ? from.pathname
      : pathname.startsWith('/')
        ? pathname
        : new URL(pathname, `http://resolve.invalid${from.pathname}`).pathname,
    search: prefixed(parts.search ?? '', '?'),
    hash: prefixed(parts.hash ?? '', '#'),
  };
}

const createKey = () => Math.random().toString(36).slice(2, 10);

/** The location of the current history entry, with the state and key the router gave it. */
function readLocation(win: Window): Location {
  const entry = (win.history.state ?? {}) as HistoryState;
  const { pathname, search, hash } = win.location;
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

/**
 * The index of the current history entry, which gets an index and a key of its own when it has
 * none. Entries are numbered as React Router numbers them, so a tab keeps its keys across a
 * deploy. A document opened afresh (an address typed, a bookmark, a link from another site) has
 * no state: its own key means no position saved for another entry is restored on it; a reload,
 * back and forward bring its state, key included, back.
 */
function numberEntry(history: History): number {
  const initial = (history.state ?? {}) as HistoryState;
  const index = initial.idx ?? 0;
  if (initial.idx === undefined || initial.key === undefined)
    history.replaceState(
      { ...(history.state as object | null), idx: index, key: initial.key ?? createKey() },
      '',
    );
  return index;
}

/** The router of the browser's address bar and history. */
export function createBrowserRouter<T>(env: BrowserRouterEnv<T>): Router<T> {
  const { history } = env.window;
  let index = numberEntry(history);

  let state: RouterState<T> = {
    location: readLocation(env.window),
    action: 'POP',
    navigation: IDLE,
    data: env.initialData,
    error: undefined,
    restoreScrollPosition: env.initialData === undefined ? null : false,
    preventScrollReset: false,
  };
  const listeners = new Set<(state: RouterState<T>) => void>();
  const update = (next: Partial<RouterState<T>>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  };

  let positions: Record<string, number> | null = null;
  let scrollY: () => number = () => 0;
  let initialScrollRestored = false;
  // Numbers navigations: only the latest one may finish.
  let latest = 0;

  const commit = (
    action: HistoryAction,
    location: Location,
    outcome: { data: T | undefined; error: unknown },
    preventScrollReset: boolean,
  ) => {
    if (positions) positions[state.location.key] = scrollY();
    if (action !== 'POP') {
      if (action === 'PUSH') index += 1;
      const entry: HistoryState = { usr: location.state, key: location.key, idx: index };
      const href = createPath(location);
      if (action === 'PUSH') history.pushState(entry, '', href);
      else history.replaceState(entry, '', href);
    }
    update({
      location,
      action,
      navigation: IDLE,
      ...outcome,
      restoreScrollPosition: positions?.[location.key] ?? null,
      preventScrollReset,
    });
  };

  const start = async (action: HistoryAction, location: Location, preventScrollReset: boolean) => {
    const id = ++latest;
    // Same page, another query or hash: nothing to load.
    if (
      location.pathname === state.location.pathname &&
      state.data !== undefined &&
      state.error === undefined
    ) {
      commit(action, location, { data: state.data, error: undefined }, preventScrollReset);
      return;
    }
    update({ navigation: { state: 'loading', location } });
    let outcome: { data: T | undefined; error: unknown };
    try {
      const url = new URL(location.pathname + location.search, env.window.location.origin);
      outcome = { data: await env.load(url), error: undefined };
    } catch (error) {
      outcome = { data: undefined, error };
    }
    if (id === latest) commit(action, location, outcome, preventScrollReset);
  };

  const onPopState = () => {
    void start('POP', readLocation(env.window), false);
  };
  env.window.addEventListener('popstate', onPopState);
  // Only `npm run dev` starts without prerendered data: the first page is loaded here.
  if (env.initialData === undefined) void start('POP', state.location, false);

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigate(to, options = {}) {
      const path = resolveTo(to, state.location);
      const location: Location = { ...path, state: options.state ?? null, key: createKey() };
      return start(
        options.replace ? 'REPLACE' : 'PUSH',
        location,
        options.preventScrollReset === true,
      );
    },
    createHref: (to) => createPath(resolveTo(to, state.location)),
    enableScrollRestoration(saved, getScrollY) {
      positions = saved;
      scrollY = getScrollY;
      if (!initialScrollRestored && state.navigation.state === 'idle') {
        initialScrollRestored = true;
        const y = saved[state.location.key];
        if (y !== undefined) update({ restoreScrollPosition: y });
      }
    },
    dispose() {
      env.window.removeEventListener('popstate', onPopState);
      listeners.clear();
    },
  };
}

/** A router fixed at one location with its page, for the prerender. */
export function createStaticRouter<T>(path: string, data: T): Router<T> {
  const state: RouterState<T> = {
    location: { ...parsePath(path), state: null, key: 'default' },
    action: 'POP',
    navigation: IDLE,
    data,
    error: undefined,
    restoreScrollPosition: false,
    preventScrollReset: false,
  };
  return {
    state,
    subscribe: () => () => undefined,
    navigate: () => Promise.reject(new Error('the prerender cannot navigate')),
    createHref: (to) => createPath(resolveTo(to, state.location)),
    enableScrollRestoration: () => undefined,
    dispose: () => undefined,
  };
}
