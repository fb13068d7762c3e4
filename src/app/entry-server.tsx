// Prerender entry (bundled by Vite for Node): renders one route's body HTML with the same
// router tree the browser hydrates.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createAppRoutes, type RouteData } from './App.tsx';
import { loadPageModules } from './template-registry.ts';

let current: RouteData | undefined;
const handler = createStaticHandler(
  createAppRoutes(() => {
    if (!current) throw new Error('renderRoute: no route data');
    return current;
  }),
);

/** Renders the body of a page at `location` (the URL the HTML will be served at). */
export async function renderRoute(route: RouteData, location: string): Promise<string> {
  await loadPageModules(route.pageData);
  current = route;
  const context = await handler.query(new Request(new URL(location, 'http://prerender.invalid')));
  if (context instanceof Response)
    throw new Error(`${location}: the router answered ${context.status}`);
  if (context.errors) {
    throw new Error(`${location}: ${String(Object.values(context.errors)[0])}`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
}
