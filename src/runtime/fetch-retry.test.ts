import { describe, expect, it } from 'vitest';
import { BACKOFF_MS, fetchJson } from './fetch-retry.ts';

/** A fetch that answers with the given statuses in turn and records every call. */
function scriptedFetch(statuses: (number | 'network-error' | 'not-json')[]) {
  const calls: string[] = [];
  const fetch = (input: string) => {
    calls.push(input);
    const next = statuses[Math.min(calls.length - 1, statuses.length - 1)];
    if (next === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    if (next === 'not-json')
      return Promise.resolve(new Response('<html>fallback</html>', { status: 200 }));
    return Promise.resolve(new Response(JSON.stringify({ path: '/x' }), { status: next }));
  };
  const sleeps: number[] = [];
  const sleep = (ms: number) => {
    sleeps.push(ms);
    return Promise.resolve();
  };
  return { deps: { fetch: fetch as unknown as typeof globalThis.fetch, sleep }, calls, sleeps };
}

describe('fetchJson', () => {
  it('returns a 200 at once', async () => {
    const { deps, calls } = scriptedFetch([200]);
    expect(await fetchJson('/a', deps)).toEqual({ status: 200, json: { path: '/x' } });
    expect(calls).toHaveLength(1);
  });

  it.each([404, 500])('does not retry a %i', async (status) => {
    const { deps, calls } = scriptedFetch([status]);
    expect((await fetchJson('/a', deps)).status).toBe(status);
    expect(calls).toHaveLength(1);
  });

  it('retries other statuses three times with a growing backoff, then gives up', async () => {
    const { deps, calls, sleeps } = scriptedFetch([503]);
    expect((await fetchJson('/a', deps)).status).toBe(503);
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([...BACKOFF_MS]);
  });

  it('succeeds when a retry gets a 200', async () => {
    const { deps, calls } = scriptedFetch(['network-error', 403, 200]);
    expect((await fetchJson('/a', deps)).status).toBe(200);
    expect(calls).toHaveLength(3);
  });

  it('marks a 200 that is not JSON as invalid without retrying', async () => {
    const { deps, calls } = scriptedFetch(['not-json']);
    expect(await fetchJson('/a', deps)).toEqual({ status: 200, json: undefined, invalid: true });
    expect(calls).toHaveLength(1);
  });
});
