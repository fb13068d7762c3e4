// The app tree shared by the client and the prerender: the site's one catch-all route shows the
// page the router loaded (the page-data loader in the browser, the route table at build time),
// or the error view when the load failed.
import { Component, createElement, useEffect, useMemo, type ReactNode } from 'react';
import { errorHeadFor, headFor } from '../routes/head.ts';
import { PageLoadError } from '../routes/page-load-error.ts';
import type { PageData, StaticQueryData } from '../routes/page-data.ts';
import { getLoadedTemplate } from './template-registry.ts';
import { ChromeProvider, useChrome } from '../components/Chrome.tsx';
import { whenAllHydrated } from '../components/HydrateLater.tsx';
import { Layout } from '../components/Layout.tsx';
import { RouteAnnouncer } from '../components/RouteAnnouncer.tsx';
import { useLocation, useRouterState } from '../components/router/RouterProvider.tsx';
import { ScrollRestoration } from '../components/router/ScrollRestoration.tsx';
import { useAnalytics } from '../components/useAnalytics.ts';
import { useDocumentHead } from '../components/useDocumentHead.ts';
import { useInSiteLinks } from '../components/useInSiteLinks.ts';

export interface RouteData {
  pageData: PageData;
  chrome: StaticQueryData;
  notFound: boolean;
}

/** The whole page below the router: announcer, page or error view, scroll restoration. */
export function App() {
  useInSiteLinks();
  const { data, error, location } = useRouterState<RouteData>();
  // App's effects run after the page's, so the tracker sees the new title.
  useAnalytics(data?.chrome.analytics, data?.pageData.path);
  // Effects run once hydration has committed; the parts below the fold hydrate later (when
  // idle): scripts and tests can wait for this flag, set once they have too.
  useEffect(() => {
    whenAllHydrated(() => {
      document.documentElement.dataset.hydrated = '';
    });
  }, []);
  return (
    <RouteAnnouncer>
      {/* A render error shows the error view until the next page, as a route's error boundary. */}
      <RenderErrorBoundary pathname={location.pathname} error={error}>
        {/* Only `npm run dev` starts without prerendered data; the page appears once loaded. */}
        {data ? <PageView data={data} /> : null}
      </RenderErrorBoundary>
      <ScrollRestoration />
    </RouteAnnouncer>
  );
}

interface BoundaryProps {
  pathname: string;
  /** A failed load: shown instead of the page. */
  error: unknown;
  children: ReactNode;
}

class RenderErrorBoundary extends Component<BoundaryProps, { error: unknown; pathname: string }> {
  override state = { error: undefined as unknown, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: { error: unknown; pathname: string },
  ) {
    // Another page clears a render error.
    return props.pathname === state.pathname
      ? null
      : { error: undefined, pathname: props.pathname };
  }

  override render() {
    const error = this.props.error ?? this.state.error;
    return error === undefined ? this.props.children : <ErrorView error={error} />;
  }
}

function PageView({ data: { pageData, chrome } }: { data: RouteData }) {
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
        consentTexts={data.template === 'splash' ? data.consent : undefined}
        showSearch={data.template !== 'search'}
      >
        {/* The registry returns the same component for a chunk every time, so no state is lost. */}
        {createElement(getLoadedTemplate(pageData.componentChunkName), { data, pageContext })}
      </Layout>
    </ChromeProvider>
  );
}

function ErrorView({ error }: { error: unknown }) {
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
