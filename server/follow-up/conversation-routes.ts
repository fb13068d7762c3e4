// GET /api/follow-up and POST /api/follow-up/messages: the visitor reads the conversation (their
// first message and its files, then every message but the desk's phone notes) and writes back,
// checked with the reply form's schema, its files the uploads they sent before.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cleanLabel } from '../../src/forms/clean-text.ts';
import { inputFields } from '../../src/forms/local-form.ts';
import { fieldErrors } from '../../src/forms/schema.ts';
import { readSealed, unwrapDataKey } from '../storage/encryption.ts';
import { translatorFor } from '../forms/language.ts';
import { addMessage, messagesOf, openColumn, REPLY_FORM } from './conversation.ts';
import {
  expired,
  langField,
  languageFor,
  limitOf,
  sessionOf,
  type FollowUpDeps,
} from './route-scope.ts';

const replySchema = z.object({
  lang: langField,
  message: z.unknown(),
  attachments: z.unknown().optional(),
});

/** What the visitor reads of the desk's status. */
const VISITOR_STATUS: Record<string, 'received' | 'in_progress' | 'answered' | 'closed'> = {
  new: 'received',
  in_progress: 'in_progress',
  answered: 'answered',
  closed: 'closed',
  no_answer_needed: 'closed',
};

/** Registers GET /api/follow-up: the conversation as the visitor reads it. */
export function readRoute(scope: FastifyInstance, deps: FollowUpDeps): void {
  const { masterKey } = deps;
  const { db } = deps.storage;
  scope.get('/api/follow-up', async (request, reply) => {
    const submissionId = await sessionOf(deps, request, reply);
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
}

/** Registers POST /api/follow-up/messages: the visitor's reply, with its files. */
export function replyRoute(scope: FastifyInstance, deps: FollowUpDeps): void {
  const { db } = deps.storage;
  scope.post('/api/follow-up/messages', limitOf(deps), async (request, reply) => {
    const language = languageFor(request);
    const t = translatorFor(language);
    const submissionId = await sessionOf(deps, request, reply);
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
      deps.masterKey,
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
}
