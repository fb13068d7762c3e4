// The inbox (agents): the list of submissions under a filter, and the lookup of a reference read
// out on the phone (the export of the list: routes/export.ts).
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { topicLabel } from '../answers.ts';
import { translatorOf } from '../guard.ts';
import { listSubmissions, type InboxFilter } from '../inbox.ts';
import { normalizeReference } from '../../forms/reference.ts';
import type { TypedDates } from '../inbox-dates.ts';
import { filterOf } from '../inbox-query.ts';
import { listMembers } from '../members.ts';
import type { StaffLanguage } from '../messages.ts';
import { inboxPage } from '../pages/inbox.ts';
import { AGENT, contextOf, firstString, formTitle, html, type StaffDeps } from './context.ts';

/** The topics of every form's "topic" field, by value, in the member's language. */
function topicsOf(forms: StaffDeps['forms'], lang: StaffLanguage) {
  const topics = new Map<string, string>();
  for (const form of forms.values()) {
    const field = form.fields.find((item) => 'name' in item && item.name === 'topic');
    for (const option of field && 'options' in field ? field.options : []) {
      topics.set(option.value, option.label[lang]);
    }
  }
  return [...topics].map(([value, label]) => ({ value, label }));
}

/** GET /staff and /staff/find. */
export const inboxRoutes: FastifyPluginCallback<StaffDeps> = (app, deps, pluginDone) => {
  const { db, forms } = deps;

  const inbox = async (
    request: FastifyRequest,
    { filter, dates }: { filter: InboxFilter; dates?: TypedDates },
    lookup?: { query: string; error: string },
    done?: string,
  ) => {
    const context = contextOf(request);
    const [list, members] = await Promise.all([listSubmissions(db, filter), listMembers(db)]);
    return inboxPage(context, {
      filter,
      ...list,
      dates: dates ?? { from: '', to: '', invalid: [] },
      answerDays: deps.answerDays,
      forms,
      members,
      topics: topicsOf(forms, context.lang),
      ...(lookup ? { lookup } : {}),
      ...(done ? { done } : {}),
      formTitle: (formId) => formTitle(deps, formId, context.lang),
      topicLabel: (formId, topic) => topicLabel(forms.get(formId), topic, context.lang),
    });
  };

  app.get<{ Querystring: Record<string, unknown> }>('/staff', AGENT, async (request, reply) => {
    const asked = filterOf(request.query, deps);
    const deleted = normalizeReference(firstString(request.query.deleted) ?? '');
    const done = deleted ? translatorOf(request)('doneDeleted', { reference: deleted }) : undefined;
    const status = asked.dates.invalid.length ? 400 : 200;
    return html(reply, status, await inbox(request, asked, undefined, done));
  });

  app.get<{ Querystring: { reference?: unknown } }>(
    '/staff/find',
    AGENT,
    async (request, reply) => {
      const t = translatorOf(request);
      const typed = firstString(request.query.reference) ?? '';
      const reference = normalizeReference(typed);
      if (reference) {
        const found = await db
          .selectFrom('submissions')
          .select('id')
          .where('id', '=', reference)
          .executeTakeFirst();
        if (found) return reply.redirect(`/staff/submissions/${found.id}`, 303);
      }
      const error = reference ? t('referenceNotFound', { reference }) : t('referenceInvalid');
      return html(
        reply,
        reference ? 404 : 400,
        await inbox(request, { filter: { page: 1 } }, { query: typed, error }),
      );
    },
  );

  pluginDone();
};
