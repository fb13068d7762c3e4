// A polite "still loading" notice when a navigation takes longer than 1000 ms (spec point 4),
// plus a DOM event that analytics can count.
import { useEffect, useState } from 'react';
import { useNavigation } from './router/RouterProvider.tsx';
import { useChrome } from './Chrome.tsx';

export const DELAYED_LOAD_MS = 1000;
export const DELAYED_LOAD_EVENT = 'guichet:delayed-load';

export function DelayedNotice() {
  const { t } = useChrome();
  const navigation = useNavigation();
  const loadingPath = navigation.state === 'idle' ? null : navigation.location.pathname;
  // The path whose load passed the delay; stale once that navigation is over.
  const [delayedPath, setDelayedPath] = useState<string | null>(null);
  const delayed = loadingPath !== null && delayedPath === loadingPath;

  useEffect(() => {
    if (loadingPath === null) return;
    const timer = setTimeout(() => {
      setDelayedPath(loadingPath);
      window.dispatchEvent(new CustomEvent(DELAYED_LOAD_EVENT, { detail: { path: loadingPath } }));
    }, DELAYED_LOAD_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [loadingPath]);

  return (
    <div className="delayed-notice" role="status" aria-live="polite" data-testid="delayed-notice">
      {delayed ? t('route.delayed') : ''}
    </div>
  );
}
