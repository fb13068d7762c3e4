// Gives the components the router of src/runtime/router.ts, and the hooks they read it with:
// the same names and meanings as React Router's, for the one catch-all route of this site.
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type {
  Location,
  NavigateOptions,
  Navigation,
  Router,
  RouterState,
  To,
} from '../../runtime/router.ts';

const RouterContext = createContext<Router<unknown> | null>(null);

/** Makes `router` and its state available to the tree below. */
export function RouterProvider<T>({
  router,
  children,
}: {
  router: Router<T>;
  children: ReactNode;
}) {
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** The router itself, for what acts on it (links, scroll restoration). */
export function useRouter(): Router<unknown> {
  const router = useContext(RouterContext);
  if (!router) throw new Error('router hooks must be used inside a RouterProvider');
  return router;
}

/** The router's state, rendered again on every change. */
export function useRouterState<T>(): RouterState<T> {
  const router = useRouter();
  const read = () => router.state as RouterState<T>;
  return useSyncExternalStore(router.subscribe, read, read);
}

/** Where the reader is: pathname, search, hash, the history entry's state and key. */
export function useLocation(): Location {
  return useRouterState().location;
}

/** Whether a page is loading, and which. */
export function useNavigation(): Navigation {
  return useRouterState().navigation;
}

/** A function that navigates, the same for the whole session. */
export function useNavigate(): (to: To, options?: NavigateOptions) => Promise<void> {
  return useRouter().navigate;
}

/** The current query, parsed. */
export function useSearchParams(): readonly [URLSearchParams] {
  const { search } = useLocation();
  return useMemo(() => [new URLSearchParams(search)] as const, [search]);
}
