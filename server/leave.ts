// POST /api/leave: "Leave this site" (src/runtime/leave-site.ts) sends it as it leaves, without
// waiting (a keepalive request that outlives the page), and the answer's Clear-Site-Data has the
// browser remove what a page's script cannot reach: its HTTP cache of the pages read, and any
// storage of this origin. Not "cookies": browsers clear those for the whole registrable domain
// (every site under fgov.be), and the script deletes the site's own. Only our own pages may ask:
// another site must not wipe a reader's draft.
import type { FastifyInstance } from 'fastify';
import { originVerdict } from './same-origin.ts';

export const LEAVE_PATH = '/api/leave';
export const CLEAR_SITE_DATA = '"cache", "storage"';

/** Registers POST /api/leave. */
export function registerLeaveRoute(app: FastifyInstance): void {
  app.post(LEAVE_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Unlike the form API, a request that says nothing of where it comes from is refused too:
    // every browser that runs the script sends Sec-Fetch-Site or Origin.
    if (originVerdict(request.headers, `${request.protocol}://${request.host}`) !== 'same')
      return reply.code(403).send();
    return reply.code(204).header('clear-site-data', CLEAR_SITE_DATA).send();
  });
}
