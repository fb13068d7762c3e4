// The page-data loader of docs/runtime.md "Loading a page": page-data and app-data in parallel,
// retries, not-found and error handling, build-hash check, session caches.
import { localeOfPath, type LocaleId } from '../i18n/locales.ts';
import {
  APP_DATA_URL,
  isChunkName,
  pageDataUrl,
  staticQueryUrl,
  type PageData,
  type StaticQueryData,
} from '../routes/page-data.ts';
import { notFoundPath } from '../routes/url-rules.ts';
import { PageLoadError } from '../routes/page-load-error.ts';
import { fetchJson, type FetchDeps } from './fetch-retry.ts';
import { normalisePath } from './paths.ts';

export interface LoadedPage {
  pageData: PageData;
  chrome: StaticQueryData;
  notFound: boolean;
}

export interface LoaderEnv extends FetchDeps {
  /** The webpackCompilationHash of the build that rendered the current document. */
  currentHash: string;
  /** Production checks a not-found page with a HEAD request first. */
  production: boolean;
  /** Leaves the app: a full browser load of the URL. */
  fullLoad: (url: URL) => void;
  /** A newer build is installed (service worker): navigations load it in full. */
  updateReady?: () => boolean;
  /** Called when page resources (a chunk, a static query) fail to load. */
  onResourceFailure?: () => void;
  /** Loads the code a page renders with (its template chunk, its form); the app layer owns it. */
  loadPageModules: (pageData: PageData) => Promise<void>;
}

type PageResult =
  { kind: 'ok'; pageData: PageData } | { kind: 'notFound' } | { kind: 'error'; status: number };

const isPageData = (json: unknown): json is PageData => {
  if (typeof json !== 'object' || json === null) return false;
  const record = json as Partial<PageData>;
  return (
    typeof record.path === 'string' &&
    record.path.startsWith('/') &&
    isChunkName(record.componentChunkName) &&
    Array.isArray(record.staticQueryHashes) &&
    typeof record.result === 'object'
  );
};

// A full load replaces the document; the navigation waits for that instead of rendering.
const never = new Promise<never>(() => undefined);

/**
 * The loader's fetches, each cached as the runtime rules say: pages per path (failures fetched
 * again), the app's build hash shared while in flight, the chrome of each language once.
 */
function createResources(env: LoaderEnv) {
  const pages = new Map<string, Promise<PageResult>>();
  const staticQueries = new Map<string, Promise<StaticQueryData | null>>();
  const chromeByLanguage = new Map<LocaleId, StaticQueryData>();
  let appData: Promise<string | null> | null = null;

  const fetchPage = (path: string): Promise<PageResult> => {
    let result = pages.get(path);
    if (!result) {
      result = fetchJson(pageDataUrl(path), env).then((response): PageResult => {
        if (response.status === 200) {
          return isPageData(response.json)
            ? { kind: 'ok', pageData: response.json }
            : { kind: 'notFound' };
        }
        return response.status === 404
          ? { kind: 'notFound' }
          : { kind: 'error', status: response.status };
      });
      pages.set(path, result);
      // Failures are not cached: the next navigation tries again.
      void result.then((value) => value.kind === 'error' && pages.delete(path));
    }
    return result;
  };

  // Shared while in flight, fetched again by the next navigation to notice a new deploy.
  const fetchAppHash = (): Promise<string | null> => {
    appData ??= fetchJson(APP_DATA_URL, env)
      .then((response) => {
        const json = response.json as { webpackCompilationHash?: unknown } | undefined;
        return typeof json?.webpackCompilationHash === 'string'
          ? json.webpackCompilationHash
          : null;
      })
      .finally(() => {
        appData = null;
      });
    return appData;
  };

  const fetchStaticQuery = (hash: string): Promise<StaticQueryData | null> => {
    let result = staticQueries.get(hash);
    if (!result) {
      result = fetchJson(staticQueryUrl(hash), env).then((response) => {
        const data =
          response.status === 200 ? (response.json as StaticQueryData | undefined) : undefined;
        if (!data?.messages) {
          staticQueries.delete(hash);
          return null;
        }
        chromeByLanguage.set(data.language, data);
        return data;
      });
      staticQueries.set(hash, result);
    }
    return result;
  };

  // The chrome of a language not visited yet: its not-found page names it.
  const chromeOf = async (language: LocaleId): Promise<StaticQueryData | undefined> => {
    const known = chromeByLanguage.get(language);
    if (known) return known;
    const notFound = await fetchPage(notFoundPath(language));
    const hash = notFound.kind === 'ok' ? notFound.pageData.staticQueryHashes[0] : undefined;
    return (hash === undefined ? null : await fetchStaticQuery(hash)) ?? undefined;
  };

  return { chromeByLanguage, fetchPage, fetchAppHash, fetchStaticQuery, chromeOf, pages };
}

/** Creates the session's loader; `resume` completes the page the first document shows. */
export function createPageLoader(env: LoaderEnv) {
  const { chromeByLanguage, fetchPage, fetchAppHash, fetchStaticQuery, chromeOf, pages } =
    createResources(env);

  /** Static queries and template of a page; null when a resource failed. */
  const complete = async (pageData: PageData, notFound: boolean): Promise<LoadedPage | null> => {
    try {
      const [results] = await Promise.all([
        Promise.all(pageData.staticQueryHashes.map(fetchStaticQuery)),
        env.loadPageModules(pageData),
      ]);
      // The chrome of the page's language is listed first.
      const chrome = results[0];
      return chrome && results.every(Boolean) ? { pageData, chrome, notFound } : null;
    } catch {
      return null;
    }
  };

  // The error page speaks the language of the page asked for, or else one already loaded.
  const fail = async (url: URL, status: number): Promise<never> => {
    const chrome =
      (await chromeOf(localeOfPath(url.pathname))) ?? chromeByLanguage.values().next().value;
    throw new PageLoadError(url.pathname, status, chrome);
  };

  return {
    /** Loads the page at `url` for a client navigation. */
    async load(url: URL): Promise<LoadedPage> {
      const path = normalisePath(url.pathname);
      if (env.updateReady?.()) {
        env.fullLoad(url);
        return never;
      }
      const [page, hash] = await Promise.all([fetchPage(path), fetchAppHash()]);
      if (hash !== env.currentHash) {
        env.fullLoad(url);
        return never;
      }
      // No network at all (status 0): the browser's own load reaches the service worker's
      // offline page in the reader's language.
      if (page.kind === 'error' && page.status === 0 && !navigator.onLine) {
        env.fullLoad(url);
        return never;
      }
      if (page.kind === 'error') return fail(url, page.status);
      if (page.kind === 'ok') {
        const loaded = await complete(page.pageData, false);
        if (loaded) return loaded;
        env.onResourceFailure?.();
        env.fullLoad(url);
        return never;
      }
      if (env.production) {
        // The URL may exist outside the app (a file, another application): then go there.
        const head = await env.fetch(path, { method: 'HEAD' }).catch(() => null);
        if (head?.ok) {
          env.fullLoad(url);
          return never;
        }
      }
      const fallback = await fetchPage(notFoundPath(localeOfPath(path)));
      if (fallback.kind !== 'ok')
        return fail(url, fallback.kind === 'error' ? fallback.status : 404);
      const loaded = await complete(fallback.pageData, true);
      if (loaded) return loaded;
      env.fullLoad(url);
      return never;
    },

    /** Fetches a page's data, static queries and template ahead of a click; errors are the caller's. */
    async prefetch(path: string): Promise<void> {
      const page = await fetchPage(path);
      if (page.kind === 'ok')
        await Promise.all([
          ...page.pageData.staticQueryHashes.map(fetchStaticQuery),
          env.loadPageModules(page.pageData),
        ]);
    },

    /**
     * The page of the first document: its data is inlined, its chrome and template load as a
     * navigation's do (the document preloads the chrome). Null when one of them failed.
     */
    resume(pageData: PageData, notFound: boolean): Promise<LoadedPage | null> {
      pages.set(pageData.path, Promise.resolve({ kind: 'ok', pageData }));
      return complete(pageData, notFound);
    },
  };
}

export type PageLoader = ReturnType<typeof createPageLoader>;
