// The router tree shared by the client and the prerender: one catch-all route whose loader is
// the page-data loader in the browser and the route table at build time.
import { createElement, useEffect, useMemo } from 'react';
import {
  Outlet,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { errorHeadFor, headFor } from '../routes/head.ts';
import { PageLoadError } from '../routes/page-load-error.ts';
import type { PageData, StaticQueryData } from '../routes/page-data.ts';
import { getLoadedTemplate } from './template-registry.ts';
import { ChromeProvider, useChrome } from '../components/Chrome.tsx';
import { Layout } from '../components/Layout.tsx';
import { RouteAnnouncer } from '../components/RouteAnnouncer.tsx';
import { useAnalytics } from '../components/useAnalytics.ts';
import { useDocumentHead } from '../components/useDocumentHead.ts';
import { useInSiteLinks } from '../components/useInSiteLinks.ts';

export interface RouteData {
  pageData: PageData;
  chrome: StaticQueryData;
  notFound: boolean;
}

export const PAGE_ROUTE_ID = 'page';

/** The route objects for createBrowserRouter and createStaticHandler. */
export function createAppRoutes(loader: LoaderFunction<RouteData>): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Root,
      children: [
        {
          id: PAGE_ROUTE_ID,
          path: '*',
          loader,
          Component: PageView,
          ErrorBoundary: ErrorView,
          // A new query (?q=) or hash is the same page: no page-data request.
          shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
          // Only `npm run dev` starts without prerendered data; the page appears once loaded.
          HydrateFallback: () => null,
        },
      ],
    },
  ];
}

function Root() {
  useInSiteLinks();
  const data = useRouteLoaderData<RouteData>(PAGE_ROUTE_ID);
  // Root's effects run after the page's, so the tracker sees the new title.
  useAnalytics(data?.chrome.analytics, data?.pageData.path);
  // Effects run once hydration has committed: scripts and tests can wait for this flag.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <RouteAnnouncer>
      <Outlet />
      <ScrollRestoration />
    </RouteAnnouncer>
  );
}

function PageView() {
  const { pageData, chrome } = useLoaderData<RouteData>();
  const { pageContext, data } = pageData.result;
  const head = useMemo(() => headFor(pageData, chrome), [pageData, chrome]);
  useDocumentHead(head);
  return (
    <ChromeProvider chrome={chrome}>
      <Layout
        langSlugs={pageContext.langSlugs}
        title={data.title}
        {...(data.parent ? { parent: data.parent } : {})}
        bare={data.template === 'splash'}
        showSearch={data.template !== 'search'}
      >
        {/* The registry returns the same component for a chunk every time, so no state is lost. */}
        {createElement(getLoadedTemplate(pageData.componentChunkName), { data, pageContext })}
      </Layout>
    </ChromeProvider>
  );
}

function ErrorView() {
  const error = useRouteError();
  const chrome = error instanceof PageLoadError ? error.chrome : undefined;
  if (!chrome) {
    // No chrome data at all: a programming error, shown plainly.
    return (
      <main id="main" className="site-main">
        <h1>Error</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </main>
    );
  }
  return (
    <ChromeProvider chrome={chrome}>
      <ErrorPage />
    </ChromeProvider>
  );
}

function ErrorPage() {
  const { chrome, t } = useChrome();
  const { pathname, search } = useLocation();
  const head = useMemo(() => errorHeadFor(chrome), [chrome]);
  useDocumentHead(head);
  const roots = chrome.locales.map((locale) => ({ language: locale.id, path: locale.path }));
  return (
    <Layout langSlugs={roots} title={t('error.title')} view="error">
      <div className="error-page">
        <h1>{t('error.title')}</h1>
        <p>{t('error.message')}</p>
        <p>
          <a href={pathname + search}>{t('error.retry')}</a>
        </p>
      </div>
    </Layout>
  );
}
