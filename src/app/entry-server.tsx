// Prerender entry (bundled by Vite for Node): renders one route's body HTML with the same
// app tree the browser hydrates.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App, type RouteData } from './App.tsx';
import { loadPageModules } from './template-registry.ts';
import { loadDeferred } from '../components/deferred.ts';
import { RouterProvider } from '../components/router/RouterProvider.tsx';
import { createStaticRouter } from '../runtime/router.ts';

/** Renders the body of a page at `location` (the URL the HTML will be served at). */
export async function renderRoute(route: RouteData, location: string): Promise<string> {
  await loadPageModules(route.pageData);
  // After the template: its module declares its own deferred parts.
  await loadDeferred();
  return renderToString(
    <StrictMode>
      <RouterProvider router={createStaticRouter(location, route)}>
        <App />
      </RouterProvider>
    </StrictMode>,
  );
}
