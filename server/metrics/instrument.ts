// Feeds the request and form counters of metrics.ts from an app's hooks: every answer by route
// pattern (never the raw path: bounded labels), and each submission or upload by its outcome,
// a refusal by the error code its JSON answer carries.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.ts';

const POSTS: Readonly<Record<string, string>> = {
  '/api/forms/:id': 'submission',
  '/api/uploads': 'upload',
};
/** The form API's error codes are short snake_case words; anything else is counted as "other". */
const CODE = /^[a-z_]{1,32}$/;

/** Counts the answers of `app` (named `name` in the labels) into `metrics`. */
export function instrument(app: FastifyInstance, metrics: Metrics, name: string): void {
  const refusals = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', (request, reply, payload, done) => {
    const kind = POSTS[request.routeOptions.url ?? ''];
    if (kind && reply.statusCode >= 400 && typeof payload === 'string') {
      let code = 'other';
      try {
        const error = (JSON.parse(payload) as { error?: unknown }).error;
        if (typeof error === 'string' && CODE.test(error)) code = error;
      } catch {
        // Not JSON (an error page): "other".
      }
      refusals.set(request, code);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'none';
    metrics.requests.inc({
      app: name,
      route,
      method: request.method,
      status: String(reply.statusCode),
    });
    const kind = POSTS[route];
    if (kind && request.method === 'POST') {
      const accepted = reply.statusCode === 201;
      metrics.posts.inc({
        kind,
        outcome: accepted ? 'accepted' : 'refused',
        reason: accepted ? '' : (refusals.get(request) ?? `status_${String(reply.statusCode)}`),
      });
    }
    done();
  });
}
