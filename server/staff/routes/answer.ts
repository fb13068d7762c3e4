// Answering the visitor (issue 41): the composer's post (on the follow-up page, by e-mail to the
// visitor's address, or a phone call logged), and the desk's message for the visitor. Each is
// sealed with the submission's key, audited, and leaves the visitor's words where they are when
// refused (422 with the text kept).
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import {
  addMessage,
  MESSAGE_MAX_LENGTH,
  messagesOf,
  openColumn,
  setDeskNotice,
  type Channel,
} from '../../follow-up/conversation.ts';
import { sealText, unwrapDataKey } from '../../storage/encryption.ts';
import { audit } from '../../storage/audit.ts';
import { translatorOf } from '../guard.ts';
import { readSubmission, type SubmissionView } from '../inbox.ts';
import type { ConversationData } from '../pages/conversation.ts';
import { fillTemplate, listTemplates, templateById } from '../templates.ts';
import { AGENT, memberOf, notFound, type StaffDeps } from './context.ts';
import { showSubmission } from './submission.ts';

/** The visitor's address when they chose an answer by e-mail, or null. */
export function visitorEmail(submission: SubmissionView): string | null {
  const { values } = submission;
  const email = typeof values.email === 'string' ? values.email.trim() : '';
  return values.replyBy === 'email' && email ? email : null;
}

/** What the submission's page shows of its conversation. */
export async function conversationData(
  deps: StaffDeps,
  submission: SubmissionView,
  draft: ConversationData['draft'],
): Promise<ConversationData> {
  const key = submission.wrapped_key
    ? unwrapDataKey(deps.masterKey, submission.wrapped_key)
    : undefined;
  const [messages, templates] = await Promise.all([
    messagesOf(deps.db, submission.id, key, deps.masterKey),
    listTemplates(deps.db, submission.lang),
  ]);
  return {
    messages,
    hasCode: submission.code_hash !== null,
    canEmail: deps.mailConfigured && visitorEmail(submission) !== null,
    visitorLang: submission.lang,
    visitorWroteAt: submission.visitor_wrote_at,
    deskNotice: openColumn(key, submission.desk_notice),
    templates,
    draft,
  };
}

/** A template's text for the composer (GET ?template=id), or null. */
export async function templateDraft(deps: StaffDeps, id: string | undefined, reference: string) {
  if (!id) return null;
  const template = await templateById(deps.db, id);
  return template ? { text: fillTemplate(template.body, reference) } : null;
}

type AnswerRequest = FastifyRequest<{
  Params: { ref: string };
  Querystring: { done?: string; template?: string };
  Body: { text?: unknown; channel?: unknown };
}>;

/** POST …/answer and …/notice. */
export const answerRoutes: FastifyPluginCallback<StaffDeps> = (app, deps, pluginDone) => {
  const { db, masterKey } = deps;

  app.post(
    '/staff/submissions/:ref/answer',
    AGENT,
    async (request: AnswerRequest, reply: FastifyReply) => {
      const t = translatorOf(request);
      const ref = request.params.ref;
      const submission = await readSubmission(db, ref, masterKey);
      if (!submission) return notFound(reply);
      const raw = typeof request.body.text === 'string' ? request.body.text : '';
      const text = raw.trim();
      const channel = typeof request.body.channel === 'string' ? request.body.channel : '';
      const key = submission.wrapped_key
        ? unwrapDataKey(masterKey, submission.wrapped_key)
        : undefined;
      const email = visitorEmail(submission);
      const allowed = new Set<string>(['phone']);
      if (submission.code_hash) allowed.add('page');
      if (email && deps.mailConfigured) allowed.add('email');
      const error = !text
        ? t('answerMissing')
        : text.length > MESSAGE_MAX_LENGTH
          ? t('answerTooLong', { max: MESSAGE_MAX_LENGTH })
          : !allowed.has(channel)
            ? t('answerNoChannel')
            : null;
      if (error) {
        return showSubmission(deps, request, reply, { draft: { text: raw, channel, error } }, 422);
      }
      const memberId = memberOf(request).id;
      const result = await addMessage(
        db,
        masterKey,
        { submissionId: ref, author: 'desk', channel: channel as Channel, memberId, text },
        {
          mail: deps.mailConfigured,
          sealedEmail: email ? (key ? sealText(key, email) : email) : null,
        },
      );
      if (!result.added) return notFound(reply);
      await audit(db, {
        memberId,
        action: channel === 'phone' ? 'call-logged' : 'answered',
        submissionId: ref,
        detail: channel,
      });
      const done = channel === 'phone' ? 'call' : 'answer-saved';
      return reply.redirect(`/staff/submissions/${ref}?done=${done}`, 303);
    },
  );

  app.post('/staff/submissions/:ref/notice', AGENT, async (request: AnswerRequest, reply) => {
    const ref = request.params.ref;
    const raw = typeof request.body.text === 'string' ? request.body.text.trim() : '';
    if (raw.length > MESSAGE_MAX_LENGTH) return reply.code(400).send('Bad request');
    if (!(await setDeskNotice(db, masterKey, ref, raw))) return notFound(reply);
    await audit(db, { memberId: memberOf(request).id, action: 'notice', submissionId: ref });
    return reply.redirect(`/staff/submissions/${ref}?done=notice`, 303);
  });
  pluginDone();
};
