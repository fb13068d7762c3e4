// POST /staff/bulk (agents, issue 42): the inbox's bulk actions on the selected rows; a refusal
// shows the same list again with what was selected and why (bulk-actions.ts does the work).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BULK_MAX, bulkChange } from '../bulk-actions.ts';
import { translatorOf } from '../guard.ts';
import { isStatus, type InboxFilter } from '../inbox.ts';
import type { TypedDates } from '../inbox-dates.ts';
import type { MessageKey } from '../messages.ts';
import type { BulkData } from '../pages/inbox-bulk.ts';
import { AGENT, firstString, html, memberOf, type StaffDeps } from './context.ts';
import { listOf } from './list-param.ts';

/** The inbox page under a filter, with a refused bulk action's state (routes/inbox.ts). */
type InboxRenderer = (
  request: FastifyRequest,
  list: { filter: InboxFilter; dates?: TypedDates },
  extra: { bulk: Omit<BulkData, 'list' | 'members'> },
) => Promise<string>;

/** Registers POST /staff/bulk on the inbox's plugin. */
export function bulkRoute(app: FastifyInstance, deps: StaffDeps, inbox: InboxRenderer) {
  const { db } = deps;
  app.post<{ Body: Record<string, unknown> }>('/staff/bulk', AGENT, async (request, reply) => {
    const t = translatorOf(request);
    const body = request.body;
    const list = listOf(body.list, deps);
    const posted = body.ids === undefined ? [] : [body.ids].flat();
    if (posted.some((id) => typeof id !== 'string')) return reply.code(400).send('Bad request');
    const ids = [...new Set(posted as string[])].map((id) => id.slice(0, 64));
    const status = firstString(body.status);
    const member = firstString(body.member);
    const refuse = async (
      code: number,
      key: MessageKey,
      values?: Record<string, string | number>,
    ) =>
      html(
        reply,
        code,
        await inbox(request, list ?? { filter: { page: 1 } }, {
          bulk: { ids, status, member, error: t(key, values) },
        }),
      );
    if (ids.length > BULK_MAX) return refuse(400, 'bulkTooMany', { max: BULK_MAX });
    if (!ids.length) return refuse(422, 'bulkNoneSelected');
    if (!status && !member) return refuse(422, 'bulkNothingChosen');
    if (status && !isStatus(status)) return refuse(422, 'bulkStatusInvalid');
    const result = await bulkChange(
      db,
      ids,
      { ...(status && isStatus(status) ? { status } : {}), ...(member ? { member } : {}) },
      memberOf(request).id,
      { mail: deps.mailConfigured },
    );
    if (!result.done && result.reason === 'unknown') {
      const references = result.ids.join(', ');
      return refuse(422, 'bulkGone', { count: result.ids.length, references });
    }
    if (!result.done) return refuse(422, 'bulkMemberGone');
    const back = list?.href ?? '/staff';
    return reply.redirect(`${back}${back.includes('?') ? '&' : '?'}changed=${result.changed}`, 303);
  });
}
