// Administrators: the desk's answer templates, listed per language, added and deleted; every
// change is a line of the audit log.
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { isStaffLanguage } from '../messages.ts';
import { templatesPage } from '../pages/templates.ts';
import {
  addTemplate,
  deleteTemplate,
  listTemplates,
  TEMPLATE_BODY_MAX,
  TEMPLATE_TITLE_MAX,
} from '../templates.ts';
import { ADMIN, contextOf, html, memberOf, notFound, type StaffDeps } from './context.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** GET /staff/templates; POST add and delete. */
export const templateRoutes: FastifyPluginCallback<StaffDeps> = (app, { db }, pluginDone) => {
  app.get<{ Querystring: { done?: string } }>('/staff/templates', ADMIN, async (request, reply) => {
    const { t } = contextOf(request);
    const done = request.query.done;
    return html(
      reply,
      200,
      templatesPage(contextOf(request), {
        templates: await listTemplates(db),
        ...(done === 'added'
          ? { done: t('doneTemplateAdded') }
          : done === 'deleted'
            ? { done: t('doneTemplateDeleted') }
            : {}),
      }),
    );
  });

  app.post(
    '/staff/templates',
    ADMIN,
    async (request: FastifyRequest<{ Body: Record<string, unknown> }>, reply) => {
      const context = contextOf(request);
      const lang = text(request.body.lang);
      const title = text(request.body.title);
      const body = text(request.body.body);
      if (
        !isStaffLanguage(lang) ||
        !title ||
        !body ||
        title.length > TEMPLATE_TITLE_MAX ||
        body.length > TEMPLATE_BODY_MAX
      ) {
        const error = context.t('templateMissing', { max: TEMPLATE_BODY_MAX });
        return html(
          reply,
          422,
          templatesPage(context, {
            templates: await listTemplates(db),
            refused: { lang, title, body, error },
          }),
        );
      }
      await addTemplate(db, memberOf(request).id, { lang, title, body });
      return reply.redirect('/staff/templates?done=added', 303);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/staff/templates/:id/delete',
    ADMIN,
    async (request, reply) => {
      if (!(await deleteTemplate(db, memberOf(request).id, request.params.id))) {
        return notFound(reply);
      }
      return reply.redirect('/staff/templates?done=deleted', 303);
    },
  );
  pluginDone();
};
