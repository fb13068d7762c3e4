// The servers under attack in tests/security, and raw HTTP to reach them
// (server/testing/raw-http.ts).
export { rawRequest, type RawRequest, type RawResponse } from '../../server/testing/raw-http.ts';

/** The two servers every attack is replayed against: ours, and nginx with deploy/nginx. */
export const SERVERS = [
  { name: 'Node server', port: Number(process.env.E2E_PORT ?? 4173), maxTarget: 15_000 },
  // nginx refuses a request line over 8 KB (large_client_header_buffers) with 414.
  { name: 'nginx', port: Number(process.env.NGINX_PORT ?? 4174), maxTarget: 7_000 },
] as const;
