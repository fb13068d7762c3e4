// The desk lead's overview (agents, like the inbox; issue 42): counts and the share answered in
// time, from SQL aggregates (overview.ts). Reading it shows no submission: no audit line.
import type { FastifyPluginCallback } from 'fastify';
import { readOverview } from '../overview.ts';
import { overviewPage } from '../pages/overview.ts';
import { AGENT, contextOf, formTitle, html, type StaffDeps } from './context.ts';

/** GET /staff/overview. */
export const overviewRoutes: FastifyPluginCallback<StaffDeps> = (app, deps, pluginDone) => {
  app.get('/staff/overview', AGENT, async (request, reply) => {
    const context = contextOf(request);
    const overview = await readOverview(deps.db, deps.answerDays);
    return html(
      reply,
      200,
      overviewPage(context, {
        overview,
        answerDays: deps.answerDays,
        formTitle: (formId) => formTitle(deps, formId, context.lang),
      }),
    );
  });
  pluginDone();
};
