// One submission (agents): its page, its files as downloads, taking it, its status and notes;
// administrators delete it after a confirmation. Every reading of it is a line of the audit log.
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { openKeptFile } from '../../forms/kept-files.ts';
import type { Database } from '../../storage/database.ts';
import { readSealed, unwrapDataKey } from '../../storage/encryption.ts';
import { answerRows } from '../answers.ts';
import { audit } from '../../storage/audit.ts';
import { attachment } from '../downloads.ts';
import { activeMembers, duplicatesOf } from '../desk-cases.ts';
import { translatorOf } from '../guard.ts';
import { changeStatus, isStatus, readSubmission, takeSubmission } from '../inbox.ts';
import { deleteSubmission } from '../../forms/deletion.ts';
import { neighboursOf } from '../inbox-neighbours.ts';
import { isStaffLanguage, type MessageKey, type StaffTranslate } from '../messages.ts';
import { addNote, NOTE_MAX_LENGTH } from '../notes.ts';
import { submissionPage, type SubmissionPageData } from '../pages/submission.ts';
import type { ConversationData } from '../pages/conversation.ts';
import { conversationData, templateDraft } from './answer.ts';
import {
  ADMIN,
  AGENT,
  contextOf,
  formTitle,
  html,
  memberOf,
  notFound,
  notFoundPage,
  sendsContent,
  type StaffDeps,
} from './context.ts';
import { listOf } from './list-param.ts';

export type SubmissionRequest = FastifyRequest<{
  Params: { ref: string };
  Querystring: { done?: string; template?: string; ask?: string; list?: string };
}>;

/** What a submission's page shows besides the submission: a confirmation, an error, a draft. */
export type Extra = Pick<
  SubmissionPageData,
  'done' | 'noteError' | 'deleteError' | 'askTakeOver' | 'assignError' | 'duplicateError'
> & {
  draft?: ConversationData['draft'];
};

/** A submission's page (or the not-found page); every answer that shows it is audited. */
export async function showSubmission(
  deps: StaffDeps,
  request: SubmissionRequest,
  reply: FastifyReply,
  extra: Extra = {},
  status = 200,
) {
  const { db, forms, masterKey } = deps;
  const context = contextOf(request);
  const submission = await readSubmission(db, request.params.ref, masterKey);
  if (!submission) return html(reply, 404, notFoundPage(request));
  // Every answer that shows a submission is a reading of it, whatever its status (a 422 of an
  // empty note or an unconfirmed deletion shows it whole); a HEAD shows nothing.
  if (sendsContent(request)) {
    await audit(db, {
      memberId: memberOf(request).id,
      action: 'viewed',
      submissionId: submission.id,
    });
  }
  const form = forms.get(submission.form_id);
  const list = listOf(request.query.list, deps);
  const neighbours = list ? await neighboursOf(db, list.filter, submission) : undefined;
  const visitorLanguage = isStaffLanguage(submission.lang) ? submission.lang : context.lang;
  return html(
    reply,
    status,
    submissionPage(context, {
      submission,
      formTitle: formTitle(deps, submission.form_id, context.lang),
      answers: form
        ? answerRows(
            form,
            submission.values,
            submission.files,
            context.lang,
            visitorLanguage,
            context.t,
          )
        : [],
      members: await activeMembers(db),
      duplicates: await duplicatesOf(db, submission.id),
      conversation: await conversationData(
        deps,
        submission,
        extra.draft ?? (await templateDraft(deps, request.query.template, submission.id)),
      ),
      ...(list && neighbours ? { list: { href: list.href, ...neighbours } } : {}),
      ...extra,
    }),
  );
}

/** True when a submission of this reference is kept. */
export const exists = async (db: Kysely<Database>, ref: string) =>
  Boolean(await db.selectFrom('submissions').select('id').where('id', '=', ref).executeTakeFirst());

/** A submission's file, always as a download; a GET of it is audited, a HEAD sends no byte. */
async function sendFile(
  { db, masterKey, uploadDir }: StaffDeps,
  request: FastifyRequest<{ Params: { ref: string; token: string } }>,
  reply: FastifyReply,
) {
  const file = await db
    .selectFrom('uploads')
    .select(['token', 'file_name', 'size', 'wrapped_key'])
    .where('submission_id', '=', request.params.ref)
    .where('token', '=', request.params.token)
    .executeTakeFirst();
  if (!file) return notFound(reply);
  const name = readSealed(masterKey, file.wrapped_key, file.file_name);
  // Always a download, never rendered in the back office's origin, whatever the file holds.
  reply
    .type('application/octet-stream')
    .header('content-disposition', attachment(name))
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-length', String(file.size));
  // A HEAD sends no byte of the file: no download to audit, nothing to decrypt.
  if (!sendsContent(request)) return reply.send();
  const { stream: body } = await openKeptFile(
    db,
    uploadDir,
    file.token,
    // Files kept before encryption are sent as they are.
    file.wrapped_key ? unwrapDataKey(masterKey, file.wrapped_key) : undefined,
  );
  await audit(db, {
    memberId: memberOf(request).id,
    action: 'downloaded',
    submissionId: request.params.ref,
    detail: file.token,
  });
  return reply.send(body);
}

/** The confirmations of the actions that redirect back to the page (?done=…). */
const DONE_TEXTS = new Map<string, MessageKey>([
  ['taken', 'doneTaken'],
  ['note', 'doneNote'],
  ['answer-saved', 'doneAnswered'],
  ['call', 'doneCallLogged'],
  ['notice', 'doneNotice'],
  ['not-duplicate', 'doneNotDuplicate'],
]);

/** The confirmations that name who handles the case now, or the case it duplicates. */
async function doneOfCase(
  db: Kysely<Database>,
  ref: string,
  done: string | undefined,
  t: StaffTranslate,
): Promise<string | undefined> {
  if (done !== 'assigned' && done !== 'duplicate') return undefined;
  const row = await db
    .selectFrom('submissions')
    .leftJoin('staff_members', 'staff_members.id', 'submissions.assignee_id')
    .select(['submissions.duplicate_of', 'staff_members.display_name'])
    .where('submissions.id', '=', ref)
    .executeTakeFirst();
  if (done === 'assigned' && row?.display_name) {
    return t('doneAssigned', { name: row.display_name });
  }
  if (done === 'duplicate' && row?.duplicate_of) {
    return t('doneDuplicate', { reference: row.duplicate_of });
  }
  return undefined;
}

/** GET /staff/submissions/:ref and its files; POST take, status, notes and delete. */
export const submissionRoutes: FastifyPluginCallback<StaffDeps> = (app, deps, pluginDone) => {
  const { db, masterKey } = deps;

  app.get('/staff/submissions/:ref', AGENT, async (request: SubmissionRequest, reply) => {
    const { t } = contextOf(request);
    const done = request.query.done;
    const doneKey = done ? DONE_TEXTS.get(done) : undefined;
    const doneText = doneKey
      ? t(doneKey)
      : done && isStatus(done)
        ? t('doneStatus', { status: t(`status_${done}`) })
        : await doneOfCase(db, request.params.ref, done, t);
    return showSubmission(deps, request, reply, {
      ...(doneText ? { done: doneText } : {}),
      ...(request.query.ask === 'take-over' ? { askTakeOver: true } : {}),
    });
  });

  app.get<{ Params: { ref: string; token: string } }>(
    '/staff/submissions/:ref/files/:token',
    AGENT,
    async (request, reply) => sendFile(deps, request, reply),
  );

  app.post<{
    Params: { ref: string };
    Querystring: { done?: string };
    Body: { confirm?: unknown; from?: unknown };
  }>('/staff/submissions/:ref/take', AGENT, async (request, reply) => {
    const row = await db
      .selectFrom('submissions')
      .select('assignee_id')
      .where('id', '=', request.params.ref)
      .executeTakeFirst();
    if (!row) return notFound(reply);
    const other = row.assignee_id !== null && row.assignee_id !== memberOf(request).id;
    // Another member's case is taken over only once asked, and from whom the question named.
    const { confirm, from } = request.body;
    if (other && (confirm !== 'yes' || from !== row.assignee_id)) {
      return showSubmission(deps, request, reply, { askTakeOver: true }, 409);
    }
    await takeSubmission(db, request.params.ref, memberOf(request).id);
    return reply.redirect(`/staff/submissions/${request.params.ref}?done=taken`, 303);
  });
  app.post<{ Params: { ref: string }; Body: { status?: string } }>(
    '/staff/submissions/:ref/status',
    AGENT,
    async (request, reply) => {
      const status = request.body.status ?? '';
      if (!(await exists(db, request.params.ref))) return notFound(reply);
      if (!isStatus(status)) return reply.code(400).send('Bad request');
      await changeStatus(db, request.params.ref, status, memberOf(request).id);
      return reply.redirect(`/staff/submissions/${request.params.ref}?done=${status}`, 303);
    },
  );
  app.post<{ Params: { ref: string }; Querystring: { done?: string }; Body: { text?: unknown } }>(
    '/staff/submissions/:ref/notes',
    AGENT,
    async (request, reply) => {
      const t = translatorOf(request);
      if (!(await exists(db, request.params.ref))) return notFound(reply);
      const raw = typeof request.body.text === 'string' ? request.body.text : '';
      const text = raw.trim();
      if (!text || text.length > NOTE_MAX_LENGTH) {
        const error = text ? t('noteTooLong', { max: NOTE_MAX_LENGTH }) : t('noteMissing');
        return showSubmission(deps, request, reply, { noteError: { text: raw, error } }, 422);
      }
      await addNote(db, request.params.ref, memberOf(request).id, text, masterKey);
      return reply.redirect(`/staff/submissions/${request.params.ref}?done=note`, 303);
    },
  );

  app.post<{
    Params: { ref: string };
    Querystring: { done?: string };
    Body: { confirm?: unknown };
  }>('/staff/submissions/:ref/delete', ADMIN, async (request, reply) => {
    if (!(await exists(db, request.params.ref))) return notFound(reply);
    if (request.body.confirm !== 'yes') {
      return showSubmission(
        deps,
        request,
        reply,
        { deleteError: translatorOf(request)('deleteUnconfirmed') },
        422,
      );
    }
    await deleteSubmission(db, deps.uploadDir, request.params.ref, {
      memberId: memberOf(request).id,
      action: 'deleted',
    });
    return reply.redirect(`/staff?deleted=${request.params.ref}`, 303);
  });
  pluginDone();
};
