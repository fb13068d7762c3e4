// Browser entry: hydrates the prerendered page and routes later navigations through the
// page-data loader. In development (no prerendered data) it renders from scratch.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { preloadAskingBanner } from '../components/consent/ConsentBanner.tsx';
import { RouterProvider } from '../components/router/RouterProvider.tsx';
import { createPageLoader } from '../runtime/page-loader.ts';
import { createBrowserRouter } from '../runtime/router.ts';
import { whenIdle } from '../runtime/when-idle.ts';
import { isUpdateReady, noteResourceFailure } from '../runtime/service-worker-update.ts';
import type { PageData } from '../routes/page-data.ts';
import { loadPageModules } from './template-registry.ts';
import '../components/global.css';

/** What the prerendered document inlines (src/site-generator/html.ts). */
interface BootData {
  pageData: PageData;
  notFound: boolean;
}

const readBootData = (): BootData | null => {
  const text = document.getElementById('__GUICHET_DATA__')?.textContent;
  return text ? (JSON.parse(text) as BootData) : null;
};

async function main(): Promise<void> {
  preloadAskingBanner();
  const boot = readBootData();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from the document');
  const loader = createPageLoader({
    fetch: (input, init) => window.fetch(input, init),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    currentHash: document.querySelector('meta[name="build-hash"]')?.getAttribute('content') ?? '',
    production: import.meta.env.PROD,
    updateReady: isUpdateReady,
    onResourceFailure: noteResourceFailure,
    loadPageModules,
    fullLoad: (url) => {
      // The loader's request has no #hash: take it from the navigation in progress.
      const target = router.state.navigation.location;
      window.location.assign(target ? url.pathname + target.search + target.hash : url.href);
    },
  });

  const first = boot ? await loader.resume(boot.pageData, boot.notFound) : null;
  // Without its chrome or template the page cannot hydrate: it stays as prerendered, a static
  // page whose links load in full.
  if (boot && !first) return;
  const router = createBrowserRouter({
    load: (url) => loader.load(url),
    window,
    ...(first ? { initialData: first } : {}),
  });
  const app = (
    <StrictMode>
      <RouterProvider router={router}>
        <App />
      </RouterProvider>
    </StrictMode>
  );
  // Hydration as a transition is rendered in slices that yield to the browser (a tap is handled
  // between two), instead of one long task; the Suspense boundaries of Layout let React hydrate
  // first the part a reader touches (issue 48).
  if (boot) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);

  // Nothing that can wait runs in the first task, nor is in its script: the worker and the
  // prefetch start when idle, from a chunk fetched then.
  whenIdle(() => {
    void import('./background.ts').then(({ startBackground }) => {
      startBackground(loader, router);
    });
  });
}

void main();
