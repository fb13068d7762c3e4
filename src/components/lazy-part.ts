// A part of a page that is a chunk of its own (the form renderer, "What applies to me?"): the
// app layer loads the chunk before rendering a page that has it, and templates read it here, so
// they never import the app layer.
import type { ComponentType } from 'react';

export interface LazyPart<P> {
  /** Keeps the component that the app layer has just loaded. */
  set: (component: ComponentType<P>) => void;
  /** True once it is loaded. */
  has: () => boolean;
  /** The component; throws when a page renders it before its chunk was loaded. */
  get: () => ComponentType<P>;
}

/** A slot for the component of a chunk named `name` (for the error message). */
export function lazyPart<P>(name: string): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  return {
    set: (component) => {
      loaded = component;
    },
    has: () => loaded !== undefined,
    get: () => {
      if (!loaded) throw new Error(`${name} rendered before its chunk was loaded`);
      return loaded;
    },
  };
}
