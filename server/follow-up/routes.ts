// The follow-up API (issue 41, ADR 0030; the contract: docs/follow-up-api.md): a visitor opens a
// session with the reference and the follow-up code, reads the conversation, writes back with
// files, asks to be told by e-mail, deletes it all, or closes the session. Registered inside the
// form API's scope: the same-origin check, the rate limit and the error answers are the form's.
// Every answer is `no-store`; the session token travels in a header only. The routes by area:
// session-routes.ts, conversation-routes.ts, choice-routes.ts, over route-scope.ts.
import type { FastifyInstance } from 'fastify';
import { eraseRoute, notifyRoute } from './choice-routes.ts';
import { readRoute, replyRoute } from './conversation-routes.ts';
import type { FollowUpDeps } from './route-scope.ts';
import { sessionRoutes } from './session-routes.ts';

/** Registers /api/follow-up… on the form API's scope. */
export function registerFollowUpApi(scope: FastifyInstance, deps: FollowUpDeps): void {
  // Nothing of a follow-up answer is kept by a browser or a proxy.
  scope.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/follow-up')) reply.header('cache-control', 'no-store');
  });
  sessionRoutes(scope, deps);
  readRoute(scope, deps);
  replyRoute(scope, deps);
  notifyRoute(scope, deps);
  eraseRoute(scope, deps);
}
