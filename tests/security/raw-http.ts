// Raw HTTP for the attack suite: the request target goes out exactly as written (no URL
// normalisation, unlike fetch or Playwright's request), and the servers under attack: nginx
// over TLS, as deployed (tests/e2e/nginx.ts makes its throwaway certificate).
import { Agent, request } from 'node:http';
import { Agent as TlsAgent, request as tlsRequest } from 'node:https';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
// The throwaway certificate is self-signed: it is the server's TLS settings under test here.
const tlsAgent = new TlsAgent({ keepAlive: true, maxSockets: 8, rejectUnauthorized: false });

/** Sends one request with `target` as the request line's path, as it stands. */
export function rawRequest(
  port: number,
  target: string,
  { method = 'GET', headers = {}, body }: RawRequest = {},
): Promise<RawResponse> {
  const tls = SERVERS.some((server) => server.port === port && server.scheme === 'https');
  return new Promise((resolve, reject) => {
    const outgoing = (tls ? tlsRequest : request)(
      { host: '127.0.0.1', port, method, path: target, headers, agent: tls ? tlsAgent : agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
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
