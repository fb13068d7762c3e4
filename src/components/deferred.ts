// A component whose code is a chunk of its own, fetched when the browser first renders it, but
// prerendered in full (issue 48: what a page shows late, or only on some sites, is not in its
// first script). The prerender loads every such chunk before it renders (`loadDeferred`). In the
// browser the component suspends until its chunk is there: inside a Suspense boundary of the
// first load, React keeps the prerendered HTML meanwhile, and hydrates it once it is.
import { createElement, use, type ComponentType, type FunctionComponent } from 'react';

const everyLoad: (() => Promise<void>)[] = [];
const Nothing = () => null;

/** A component that renders the one `load` brings, once it is loaded; `preload` loads it now. */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
): FunctionComponent<P> & { preload: () => Promise<void> } {
  let component: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  let rendering: Promise<void> | undefined;
  const start = () =>
    (loading ??= load().then((loaded) => {
      component = loaded;
    }));
  everyLoad.push(start);
  const Deferred = (props: P) => {
    // A chunk that cannot be had (offline, and not cached) costs this part, not the page: it
    // renders nothing. The prerender's `loadDeferred` fails instead.
    if (!component)
      use(
        (rendering ??= start().catch(() => {
          component = Nothing;
        })),
      );
    return component ? createElement(component, props) : null;
  };
  return Object.assign(Deferred, { preload: start });
}

/** Loads every deferred component (the prerender, before its first page). */
export async function loadDeferred(): Promise<void> {
  await Promise.all(everyLoad.map((start) => start()));
}
