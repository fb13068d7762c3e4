// The desk's actions on a case (agents, issue 42): give it to a colleague, mark it as a
// duplicate of another reference and undo that. A refusal shows the page again with what was
// chosen or typed and a translated reason; every action is audited (desk-cases.ts).
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import {
  assignSubmission,
  markDuplicate,
  undoDuplicate,
  type DuplicateResult,
} from '../desk-cases.ts';
import type { StaffTranslate } from '../messages.ts';
import { AGENT, contextOf, memberOf, notFound, type StaffDeps } from './context.ts';
import { exists, showSubmission } from './submission.ts';

type CaseRequest = FastifyRequest<{
  Params: { ref: string };
  Querystring: Record<string, never>;
  Body: { member?: unknown; reference?: unknown };
}>;

/** Why a duplicate was refused, in the member's language. */
function duplicateRefusal(t: StaffTranslate, result: Exclude<DuplicateResult, { done: true }>) {
  switch (result.reason) {
    case 'invalid':
      return t('referenceInvalid');
    case 'self':
      return t('duplicateSelf');
    case 'unknown':
      return t('referenceNotFound', { reference: result.original });
    case 'chain':
      return t('duplicateChain', { reference: result.original, original: result.of });
    default:
      return t('duplicateHasCopies');
  }
}

/** POST /staff/submissions/:ref/assign, …/duplicate and …/duplicate/undo. */
export const deskCaseRoutes: FastifyPluginCallback<StaffDeps> = (app, deps, pluginDone) => {
  const { db } = deps;
  const page = (ref: string, done: string) => `/staff/submissions/${ref}?done=${done}`;

  app.post('/staff/submissions/:ref/assign', AGENT, async (request: CaseRequest, reply) => {
    const ref = request.params.ref;
    const { member } = request.body;
    const result = await assignSubmission(
      db,
      ref,
      typeof member === 'string' ? member : '',
      memberOf(request).id,
      {
        mail: deps.mailConfigured,
      },
    );
    if (result === 'no-submission') return notFound(reply);
    if (result === 'no-member') {
      const assignError = contextOf(request).t('assignNoMember');
      return showSubmission(deps, request, reply, { assignError }, 422);
    }
    return reply.redirect(page(ref, 'assigned'), 303);
  });

  app.post('/staff/submissions/:ref/duplicate', AGENT, async (request: CaseRequest, reply) => {
    const ref = request.params.ref;
    const reference = request.body.reference;
    const typed = typeof reference === 'string' ? reference : '';
    const result = await markDuplicate(db, ref, typed.slice(0, 40), memberOf(request).id);
    if (result.done) return reply.redirect(page(ref, 'duplicate'), 303);
    if (result.reason === 'no-submission') return notFound(reply);
    const error = duplicateRefusal(contextOf(request).t, result);
    return showSubmission(
      deps,
      request,
      reply,
      { duplicateError: { text: typed.slice(0, 40), error } },
      422,
    );
  });

  app.post('/staff/submissions/:ref/duplicate/undo', AGENT, async (request: CaseRequest, reply) => {
    const ref = request.params.ref;
    const undone = await undoDuplicate(db, ref, memberOf(request).id);
    if (!undone && !(await exists(db, ref))) return notFound(reply);
    return reply.redirect(page(ref, 'not-duplicate'), 303);
  });
  pluginDone();
};
