// Polite notices about the connection and about a new version of the site.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useChrome } from './Chrome.tsx';
import { UPDATE_READY_EVENT } from '../runtime/service-worker-update.ts';

const subscribeOnline = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

export function StatusNotices() {
  const { t } = useChrome();
  // The prerender and the hydration render assume online, as most readers are.
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const [updateReady, setUpdateReady] = useState(false);
  useEffect(() => {
    const onUpdate = () => {
      setUpdateReady(true);
    };
    window.addEventListener(UPDATE_READY_EVENT, onUpdate);
    return () => {
      window.removeEventListener(UPDATE_READY_EVENT, onUpdate);
    };
  }, []);
  const messages = [
    online ? '' : t('status.offline'),
    updateReady ? t('status.update') : '',
  ].filter(Boolean);
  return (
    <div className="status-notices" role="status" aria-live="polite" data-testid="status-notices">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
