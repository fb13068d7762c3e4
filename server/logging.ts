// What the server log says about a request: one JSON line when it is answered, with method, path,
// status and duration, never the reader's address or what they sent (privacy statement, "Server
// logs"). LOG_CLIENT_ADDRESS=truncated adds a shortened address
// (IPv4 /24, IPv6 /48) for an operator tracing an attack; the query string is never logged (a
// search term can be personal).
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { isIPv4 } from 'node:net';

export type ClientAddressLogging = 'off' | 'truncated';

/** Reads LOG_CLIENT_ADDRESS: unset or "off", or "truncated"; throws on anything else. */
export function clientAddressLogging(value: string | undefined): ClientAddressLogging {
  if (value === undefined || value === '' || value === 'off') return 'off';
  if (value === 'truncated') return 'truncated';
  throw new Error(`LOG_CLIENT_ADDRESS must be "off" or "truncated", not "${value}"`);
}

/** An address with its last part zeroed: 203.0.113.77 → 203.0.113.0, IPv6 to its /48. */
export function truncateAddress(ip: string): string {
  const address = normalizeIP(ip, 48);
  return isIPv4(address) ? address.replace(/\.\d+$/, '.0') : address;
}

/** Pino serializers for the request a log line is about (errors logged during a request). */
export function requestSerializers(logging: ClientAddressLogging) {
  return {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: request.url.split('?', 1)[0],
      ...(logging === 'truncated' ? { client: truncateAddress(request.ip) } : {}),
    }),
  };
}

/**
 * Fastify's request log as one line per answered request (its default is two: "incoming
 * request" and "request completed"), with the status and the duration in milliseconds.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Nothing: the request is logged once, when it is answered.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      req: request,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}
