// Cross-site request refusal for the API's state-changing routes: a browser says where a request
// comes from (Sec-Fetch-Site, else Origin), and only our own pages may post. A request that
// carries neither header cannot come from a page of another site in a current browser (they
// send Origin with every cross-origin POST), so tools such as curl and monitoring pass; they
// still need a proof of work and meet the rate limit. docs/decisions: same-origin API.
import type { IncomingHttpHeaders } from 'node:http';

export type OriginVerdict = 'same' | 'cross' | 'unknown';

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Where a request comes from, compared with our own origin ("https://host[:port]"). */
export function originVerdict(headers: IncomingHttpHeaders, ownOrigin: string): OriginVerdict {
  const site = header(headers, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' ? 'same' : 'cross';
  const origin = header(headers, 'origin');
  if (origin === undefined) return 'unknown';
  try {
    // Through URL on both sides, so that a default port written out or not compares equal.
    return new URL(origin).origin === new URL(ownOrigin).origin ? 'same' : 'cross';
  } catch {
    // "null" (a sandboxed frame, a data: page) and anything unreadable.
    return 'cross';
  }
}

/** Methods that change something: the ones the check applies to. */
export const isStateChanging = (method: string): boolean =>
  !['GET', 'HEAD', 'OPTIONS'].includes(method);
