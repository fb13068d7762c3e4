// PUT /api/follow-up/notify and DELETE /api/follow-up: the visitor's choices about their own
// case: to be told of an answer by e-mail (the address sealed with the case's key), or to erase
// everything now.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sealText } from '../storage/encryption.ts';
import { deleteSubmission } from '../forms/deletion.ts';
import { translatorFor } from '../forms/language.ts';
import { submissionKey } from './conversation.ts';
import {
  expired,
  langField,
  languageFor,
  limitOf,
  sessionOf,
  type FollowUpDeps,
} from './route-scope.ts';

const notifySchema = z.object({ lang: langField, email: z.string().max(320).nullable() });
const emailSchema = z.email();

/** Registers PUT /api/follow-up/notify: an e-mail address to be told at, or none. */
export function notifyRoute(scope: FastifyInstance, deps: FollowUpDeps): void {
  const { db } = deps.storage;
  scope.put('/api/follow-up/notify', limitOf(deps), async (request, reply) => {
    const t = translatorFor(languageFor(request));
    const submissionId = await sessionOf(deps, request, reply);
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
    const key = await submissionKey(db, submissionId, deps.masterKey);
    if (key === null) return expired(reply, t);
    await db
      .updateTable('submissions')
      .set({ notify_email: email === null ? null : key ? sealText(key, email) : email })
      .where('id', '=', submissionId)
      .execute();
    return reply.code(204).send();
  });
}

/** Registers DELETE /api/follow-up: the visitor erases their case and its files. */
export function eraseRoute(scope: FastifyInstance, deps: FollowUpDeps): void {
  scope.delete('/api/follow-up', limitOf(deps), async (request, reply) => {
    const submissionId = await sessionOf(deps, request, reply);
    if (!submissionId) return reply;
    await deleteSubmission(deps.storage.db, deps.uploadDir, submissionId, {
      memberId: null,
      action: 'erased-by-visitor',
    });
    return reply.code(204).send();
  });
}
