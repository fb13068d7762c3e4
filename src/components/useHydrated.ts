// False during the prerender and the hydration render, true after: lets a component show
// browser-only state (the URL query, localStorage) without a hydration mismatch.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/** Whether the component is past hydration. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
