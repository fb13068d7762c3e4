// The back office answers only at the host name of STAFF_ORIGIN. A page of another site whose
// name an attacker points at the back office's address (DNS rebinding) is then same-origin with
// whatever answers there: refused here with 421 (Misdirected Request) before anything else runs,
// as nginx's staff server block refuses any other server_name. The Host header is read as sent
// (never X-Forwarded-Host, which any client can write).
import type { IncomingHttpHeaders } from 'node:http';

/** The host name of a Host header, lower-case, without its port ("[::1]:8081" → "[::1]"). */
export function hostNameOf(host: string | undefined): string {
  if (!host) return '';
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
}

/** True when a request names the back office's own host (STAFF_ORIGIN's host name). */
export const isOwnHost = (headers: IncomingHttpHeaders, origin: string): boolean =>
  hostNameOf(headers.host) === new URL(origin).hostname;
