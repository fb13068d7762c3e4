// The inbox (agents): the list of submissions under a filter, the lookup of a reference read
// out on the phone, and the bulk actions on its rows (the export of the list: routes/export.ts).
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { topicLabel } from '../answers.ts';
import { translatorOf } from '../guard.ts';
import { BULK_MAX } from '../bulk-actions.ts';
import { activeMembers } from '../desk-cases.ts';
import { listSubmissions, type InboxFilter } from '../inbox.ts';
import { normalizeReference } from '../../forms/reference.ts';
import type { TypedDates } from '../inbox-dates.ts';
import { previewsOf } from '../inbox-preview.ts';
import { filterOf, searchRefused } from '../inbox-query.ts';
import { listMembers } from '../members.ts';
import type { StaffLanguage } from '../messages.ts';
import type { BulkData } from '../pages/inbox-bulk.ts';
import { inboxHref, inboxPage } from '../pages/inbox.ts';
import { brusselsToday } from '../pages/inbox-views.ts';
import { deleteView, saveView, viewName, viewsOf } from '../saved-views.ts';
import {
  AGENT,
  contextOf,
  firstString,
  formTitle,
  html,
  memberOf,
  notFound,
  type StaffDeps,
} from './context.ts';
import { bulkRoute } from './inbox-bulk.ts';

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

/** The filters as a saved view keeps them: the inbox's query without search words or page. */
const viewQuery = (filter: InboxFilter): string =>
  inboxHref({ ...filter, search: undefined }, 1).replace(/^\/staff\??/, '');

/** The confirmation the inbox opens with after a deletion or a view saved or deleted. */
const doneOf = async (
  db: StaffDeps['db'],
  request: FastifyRequest,
  query: Record<string, unknown>,
) => {
  const t = translatorOf(request);
  const deleted = normalizeReference(firstString(query.deleted) ?? '');
  if (deleted) return t('doneDeleted', { reference: deleted });
  const changed = Number(firstString(query.changed));
  if (Number.isInteger(changed) && changed >= 0 && changed <= BULK_MAX) {
    return t('doneBulk', { count: changed });
  }
  const view = firstString(query.view);
  if (view === 'deleted') return t('doneViewDeleted');
  const saved = view && (await viewsOf(db, memberOf(request).id)).find(({ id }) => id === view);
  return saved ? t('doneViewSaved', { name: saved.name }) : undefined;
};

/** GET /staff and /staff/find; POST /staff/views (save one) and its delete. */
export const inboxRoutes: FastifyPluginCallback<StaffDeps> = (app, deps, pluginDone) => {
  const { db, forms, masterKey } = deps;

  const inbox = async (
    request: FastifyRequest,
    { filter, dates }: { filter: InboxFilter; dates?: TypedDates },
    {
      lookup,
      done,
      viewError,
      bulk,
    }: {
      lookup?: { query: string; error: string };
      done?: string;
      viewError?: { name: string; error: string };
      bulk?: Omit<BulkData, 'list' | 'members'>;
    } = {},
  ) => {
    const context = contextOf(request);
    const memberId = memberOf(request).id;
    const [list, members, views, active] = await Promise.all([
      listSubmissions(db, filter),
      listMembers(db),
      viewsOf(db, memberId),
      activeMembers(db),
    ]);
    const ids = list.rows.map((row) => row.id);
    return inboxPage(context, {
      filter,
      ...list,
      previews: await previewsOf(db, ids, masterKey, forms),
      views: {
        views,
        memberId,
        today: brusselsToday(),
        query: viewQuery(filter),
        ...(viewError ? { viewError } : {}),
      },
      bulk: { members: active, ...bulk },
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
    const refused = asked.dates.invalid.length || searchRefused(asked.filter);
    const status = refused ? 400 : 200;
    const done = await doneOf(db, request, request.query);
    return html(reply, status, await inbox(request, asked, done ? { done } : {}));
  });

  app.post<{ Body: Record<string, unknown> }>('/staff/views', AGENT, async (request, reply) => {
    const t = translatorOf(request);
    // Only what the inbox's filters read is kept, written again as inboxHref writes it.
    const posted = new URLSearchParams((firstString(request.body.query) ?? '').slice(0, 2000));
    const asked = filterOf(Object.fromEntries(posted), deps);
    const query = viewQuery(asked.filter);
    const typed = (firstString(request.body.name) ?? '').slice(0, 400);
    const name = viewName(typed);
    const id = name ? await saveView(db, memberOf(request).id, name, query) : null;
    if (!id) {
      const error = t(name ? 'viewTooMany' : 'viewNameMissing');
      return html(reply, 400, await inbox(request, asked, { viewError: { name: typed, error } }));
    }
    return reply.redirect(`/staff?${query ? `${query}&` : ''}view=${id}`, 303);
  });

  app.post<{ Params: { id: string } }>('/staff/views/:id/delete', AGENT, async (request, reply) => {
    if (!(await deleteView(db, memberOf(request).id, request.params.id))) return notFound(reply);
    return reply.redirect('/staff?view=deleted', 303);
  });

  bulkRoute(app, deps, inbox);

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
        await inbox(request, { filter: { page: 1 } }, { lookup: { query: typed, error } }),
      );
    },
  );

  pluginDone();
};
