// The follow-up API (issue 41, ADR 0030; the contract: docs/follow-up-api.md): a visitor opens a
// session with the reference and the follow-up code, reads the conversation, writes back with
// files, asks to be told by e-mail, deletes it all, or closes the session. Registered inside the
// form API's scope: the same-origin check, the rate limit and the error answers are the form's.
// Every answer is `no-store`; the session token travels in a header only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cleanLabel } from '../../src/forms/clean-text.ts';
import type { FormDefinition } from '../../src/forms/definition.ts';
import { inputFields } from '../../src/forms/local-form.ts';
import { fieldErrors } from '../../src/forms/schema.ts';
import { LOCALE_IDS, type LocaleId } from '../../src/i18n/locales.ts';
import type { Translate } from '../../src/i18n/translate.ts';
import { routeLimit } from '../rate-limit.ts';
import type { Storage } from '../storage/database.ts';
import { readSealed, sealText, unwrapDataKey, type MasterKey } from '../storage/encryption.ts';
import { deleteSubmission } from '../forms/deletion.ts';
import { normalizeReference } from '../forms/reference.ts';
import type { Mailer } from '../forms/outbox-worker.ts';
import { languageOf, translatorFor } from '../forms/language.ts';
import { spendProof, type ProofOfWork } from '../forms/spam.ts';
import type { LocalFor } from '../forms/api-scope.ts';
import { normaliseCode } from '../forms/follow-up-code.ts';
import { addMessage, messagesOf, openColumn, REPLY_FORM, submissionKey } from './conversation.ts';
import { endFollowUpSession, IDLE_MS, openFollowUpSession, sessionSubmission } from './sessions.ts';

/** The header that carries the session token. */
export const SESSION_HEADER = 'x-follow-up-session';

export interface FollowUpDeps {
  storage: Storage;
  masterKey: MasterKey;
  proofOfWork: ProofOfWork;
  uploadDir: string;
  forms: ReadonlyMap<string, FormDefinition>;
  localFor: LocalFor;
  /** Wakes the conversation's e-mails; null without SMTP_URL (then none is queued). */
  mail: Mailer | null;
  rateLimit: { max: number; windowMs: number };
}

const lang = z.enum(LOCALE_IDS).optional();
const openSchema = z.object({
  lang,
  reference: z.string().max(40),
  code: z.string().max(60),
  altcha: z.string().max(4096).optional(),
});
const replySchema = z.object({
  lang,
  message: z.unknown(),
  attachments: z.unknown().optional(),
});
const notifySchema = z.object({ lang, email: z.string().max(320).nullable() });
const emailSchema = z.email();

/** What the visitor reads of the desk's status. */
const VISITOR_STATUS: Record<string, 'received' | 'in_progress' | 'answered' | 'closed'> = {
  new: 'received',
  in_progress: 'in_progress',
  answered: 'answered',
  closed: 'closed',
  no_answer_needed: 'closed',
};

const languageFor = (request: FastifyRequest): LocaleId => languageOf(request);
const tokenOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[SESSION_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** Registers /api/follow-up… on the form API's scope. */
export function registerFollowUpApi(scope: FastifyInstance, deps: FollowUpDeps): void {
  const { storage, masterKey } = deps;
  const { db } = storage;
  const limit = { config: { rateLimit: routeLimit(deps.rateLimit.max, deps.rateLimit.windowMs) } };

  // Nothing of a follow-up answer is kept by a browser or a proxy.
  scope.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/follow-up')) reply.header('cache-control', 'no-store');
  });

  const expired = (reply: FastifyReply, t: Translate) =>
    reply.code(401).send({ error: 'session_expired', message: t('followUp.error.expired') });

  /** The session's submission, or the 401 already sent. */
  const sessionOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const submissionId = await sessionSubmission(db, tokenOf(request));
    if (!submissionId) {
      await expired(reply, translatorFor(languageFor(request)));
      return null;
    }
    return submissionId;
  };

  scope.post('/api/follow-up/session', limit, async (request, reply) => {
    const t = translatorFor(languageFor(request));
    const body = openSchema.safeParse(request.body);
    if (!body.success) {
      return reply.code(400).send({ error: 'bad_request', message: t('form.error.rejected') });
    }
    const proof = deps.proofOfWork.verify(body.data.altcha);
    if (!proof || !(await spendProof(db, proof))) {
      return reply.code(422).send({ error: 'rejected', message: t('form.error.rejected') });
    }
    // As a reader copies it: lower case, spaces, an O for a zero (the desk's look-up rule).
    const reference = normalizeReference(body.data.reference) ?? '';
    // A code that cannot be one still costs a check: the answer says nothing more.
    const code = normaliseCode(body.data.code) ?? '0000000000000000x';
    const result = await openFollowUpSession(db, reference, code);
    if (!result.opened) {
      return result.reason === 'locked'
        ? reply.code(429).send({ error: 'locked', message: t('followUp.error.locked') })
        : reply.code(401).send({ error: 'wrong_code', message: t('followUp.error.wrongCode') });
    }
    return reply.code(201).send({ token: result.token, idleSeconds: IDLE_MS / 1000 });
  });

  scope.get('/api/follow-up', async (request, reply) => {
    const submissionId = await sessionOf(request, reply);
    if (!submissionId) return reply;
    const row = await db
      .selectFrom('submissions')
      .select([
        'id',
        'lang',
        'status',
        'data',
        'desk_notice',
        'notify_email',
        'created_at',
        'wrapped_key',
      ])
      .where('id', '=', submissionId)
      .executeTakeFirst();
    if (!row) return expired(reply, translatorFor(languageFor(request)));
    // The data key from the same row: one query fewer than submissionKey().
    const key = row.wrapped_key ? unwrapDataKey(masterKey, row.wrapped_key) : undefined;
    const values = JSON.parse(openColumn(key, row.data) ?? '{}') as Record<string, unknown>;
    const firstFiles = await db
      .selectFrom('uploads')
      .select(['token', 'file_name', 'size', 'wrapped_key'])
      .where('submission_id', '=', submissionId)
      .where('message_id', 'is', null)
      .orderBy('created_at')
      .execute();
    const messages = await messagesOf(db, submissionId, key, masterKey);
    return reply.send({
      reference: row.id,
      lang: row.lang,
      status: VISITOR_STATUS[row.status] ?? 'in_progress',
      deskNotice: openColumn(key, row.desk_notice),
      notifyByEmail: row.notify_email !== null,
      messages: [
        {
          from: 'visitor',
          at: row.created_at,
          text: typeof values.message === 'string' ? values.message : '',
          files: firstFiles.map((file) => ({
            name: cleanLabel(readSealed(masterKey, file.wrapped_key, file.file_name)) || 'file',
            size: file.size,
          })),
        },
        ...messages
          // A phone call the desk logged is the desk's record, not a message to the visitor.
          .filter((message) => message.channel !== 'phone')
          .map((message) => ({
            from: message.author,
            at: message.at,
            text: message.text,
            files: message.files.map(({ name, size }) => ({ name, size })),
          })),
      ],
    });
  });

  scope.post('/api/follow-up/messages', limit, async (request, reply) => {
    const language = languageFor(request);
    const t = translatorFor(language);
    const submissionId = await sessionOf(request, reply);
    if (!submissionId) return reply;
    const body = replySchema.safeParse(request.body);
    const definition = deps.forms.get(REPLY_FORM);
    if (!body.success || !definition) {
      return reply.code(400).send({ error: 'bad_request', message: t('form.error.rejected') });
    }
    const { schema, local } = deps.localFor(definition, language);
    const checked = schema.safeParse({
      message: body.data.message,
      attachments: body.data.attachments ?? [],
    });
    if (!checked.success) {
      return reply.code(422).send({
        error: 'invalid',
        errors: fieldErrors(checked.error),
        message: t('form.error.form'),
      });
    }
    const fileField = inputFields(local.fields).find((field) => field.type === 'file');
    const tokens = fileField ? checked.data[fileField.name] : undefined;
    const result = await addMessage(
      db,
      masterKey,
      {
        submissionId,
        author: 'visitor',
        channel: 'page',
        text: String(checked.data.message ?? ''),
        files: Array.isArray(tokens) ? tokens.map(String) : [],
      },
      { mail: deps.mail !== null },
    );
    if (!result.added) {
      if (result.reason === 'gone') return expired(reply, t);
      return reply.code(422).send({
        error: 'invalid',
        errors: { attachments: t('form.error.fileMissing') },
        message: t('form.error.form'),
      });
    }
    deps.mail?.wake();
    return reply.code(201).send({ at: result.at });
  });

  scope.put('/api/follow-up/notify', limit, async (request, reply) => {
    const t = translatorFor(languageFor(request));
    const submissionId = await sessionOf(request, reply);
    if (!submissionId) return reply;
    const body = notifySchema.safeParse(request.body);
    const email = body.success ? body.data.email?.trim() || null : undefined;
    if (email === undefined || (email !== null && !emailSchema.safeParse(email).success)) {
      return reply.code(422).send({
        error: 'invalid',
        errors: { email: t('form.error.email') },
        message: t('form.error.form'),
      });
    }
    const key = await submissionKey(db, submissionId, masterKey);
    if (key === null) return expired(reply, t);
    await db
      .updateTable('submissions')
      .set({ notify_email: email === null ? null : key ? sealText(key, email) : email })
      .where('id', '=', submissionId)
      .execute();
    return reply.code(204).send();
  });

  scope.delete('/api/follow-up', limit, async (request, reply) => {
    const submissionId = await sessionOf(request, reply);
    if (!submissionId) return reply;
    await deleteSubmission(db, deps.uploadDir, submissionId, {
      memberId: null,
      action: 'erased-by-visitor',
    });
    return reply.code(204).send();
  });

  scope.delete('/api/follow-up/session', async (request, reply) => {
    await endFollowUpSession(db, tokenOf(request));
    return reply.code(204).send();
  });
}
