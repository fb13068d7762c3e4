// A component whose code is a chunk of its own, fetched when the browser first renders it, but
// prerendered in full (issue 48: what a page shows late, or only on some sites, is not in its
// first script). The prerender loads every such chunk before it renders (`loadDeferred`). In the
// browser the component suspends until its chunk is there: inside a Suspense boundary of the
// first load, React keeps the prerendered HTML meanwhile, and hydrates it once it is. A part far
// below the fold (`near`) fetches it only when the reader comes near its prerendered element.
import { createElement, Suspense, use, type ComponentType, type FunctionComponent } from 'react';
import { whenNear } from '../runtime/when-near.ts';

const everyLoad: (() => Promise<void>)[] = [];
const Nothing = () => null;

interface DeferredOptions {
  /**
   * A selector of the part's prerendered element: on the first load the chunk is fetched when
   * that element comes near the view (src/runtime/when-near.ts), not when the page hydrates.
   */
  near?: string;
}

/** A component that renders the one `load` brings, once it is loaded; `preload` loads it now. */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { near }: DeferredOptions = {},
): FunctionComponent<P> & { preload: () => Promise<void> } {
  let component: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  let rendering: Promise<void> | undefined;
  let renders = 0;
  let wake: (() => void) | undefined;
  const start = () =>
    (loading ??= load().then((loaded) => {
      component = loaded;
    }));
  everyLoad.push(start);
  // Only the first render in the browser is the first load's hydration, whose element is on the
  // page; any later one (another page, an update, a tap that hydrates the part) loads at once.
  const nearby = (): Promise<void> => {
    const element = near && renders === 1 ? document.querySelector(near) : null;
    if (!element) return Promise.resolve();
    return new Promise((resolve) => {
      wake = resolve;
      whenNear(element, resolve);
    });
  };
  const Deferred = (props: P) => {
    if (!component) {
      renders += 1;
      if (renders > 1) wake?.();
      // A chunk that cannot be had (offline, and not cached) costs this part, not the page: it
      // renders nothing. The prerender's `loadDeferred` fails instead.
      use(
        (rendering ??= nearby()
          .then(start)
          .catch(() => {
            component = Nothing;
          })),
      );
    }
    return component ? createElement(component, props) : null;
  };
  // A part that waits to be near has a boundary of its own, so that the rest of the boundary it
  // is in hydrates without it.
  const Part = near
    ? (props: P) => createElement(Suspense, { fallback: null }, createElement(Deferred, props))
    : Deferred;
  return Object.assign(Part, { preload: start });
}

/** Loads every deferred component (the prerender, before its first page). */
export async function loadDeferred(): Promise<void> {
  await Promise.all(everyLoad.map((start) => start()));
}
