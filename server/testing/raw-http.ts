// Raw HTTP for tests: the request target and the Host header go out exactly as written (no URL
// normalisation, unlike fetch or Playwright's request; fetch also ignores a Host header).
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
  /** Over TLS (nginx as deployed, with the tests' throwaway certificate). */
  tls?: boolean;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
// The tests' certificate is self-signed: what is under test is the server, not the certificate.
const tlsAgent = new TlsAgent({ keepAlive: true, maxSockets: 8, rejectUnauthorized: false });

/** Sends one request with `target` as the request line's path, as it stands. */
export function rawRequest(
  port: number,
  target: string,
  { method = 'GET', headers = {}, body, tls = false }: RawRequest = {},
): Promise<RawResponse> {
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
