// The servers under attack in tests/security (nginx over TLS, as deployed: tests/e2e/nginx.ts
// makes its throwaway certificate), and raw HTTP to reach them (server/testing/raw-http.ts).
import {
  rawRequest as rawRequestTo,
  type RawRequest,
  type RawResponse,
} from '../../server/testing/raw-http.ts';

export type { RawRequest, RawResponse };

/** Sends one request with `target` as it stands, over TLS when that server is nginx. */
export function rawRequest(
  port: number,
  target: string,
  options: RawRequest = {},
): Promise<RawResponse> {
  const tls = SERVERS.some((server) => server.port === port && server.scheme === 'https');
  return rawRequestTo(port, target, { ...options, tls });
}

/** The two servers every attack is replayed against: ours, and nginx with deploy/nginx. */
export const SERVERS = [
  {
    name: 'Node server',
    port: Number(process.env.E2E_PORT ?? 4173),
    scheme: 'http',
    maxTarget: 15_000,
  },
  // nginx refuses a request line over 8 KB (large_client_header_buffers) with 414.
  {
    name: 'nginx',
    port: Number(process.env.NGINX_PORT ?? 4174),
    scheme: 'https',
    maxTarget: 7_000,
  },
] as const;
