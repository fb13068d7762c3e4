// Regression: the page posted { type: 'CACHE_URLS', urls } to the worker, and Workbox's own
// CACHE_URLS listener (installed by registerRoute) threw on it, since it reads payload.urlsToCache.
import { describe, expect, it, vi } from 'vitest';
import { CACHE_LOADED_MESSAGE, type CacheLoadedMessage } from './messages.ts';

type Listener = (event: object) => void;
const listeners = new Map<string, Listener>();
vi.stubGlobal('self', {
  addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  __WB_DISABLE_DEV_LOGS: true,
  location: { origin: 'https://victims.example.be' },
});
const { Router } = await import('workbox-routing');
new Router().addCacheListener();

const deliver = (data: object) => {
  const onMessage = listeners.get('message');
  if (!onMessage) throw new Error('Workbox added no message listener');
  const waitUntil = vi.fn();
  onMessage({ data, waitUntil, ports: [] });
  return waitUntil;
};

describe('the message that asks the worker to cache loaded resources', () => {
  it('is left alone by Workbox’s CACHE_URLS listener', () => {
    const message: CacheLoadedMessage = { type: CACHE_LOADED_MESSAGE, urls: ['/en'] };
    expect(deliver(message)).not.toHaveBeenCalled();
  });

  it('is not CACHE_URLS, on which Workbox’s listener throws with our payload', () => {
    expect(CACHE_LOADED_MESSAGE).not.toBe('CACHE_URLS');
    expect(() => deliver({ type: 'CACHE_URLS', urls: ['/en'] })).toThrow(TypeError);
  });
});
