// POST and DELETE /api/follow-up/session: a visitor opens a session with the reference and the
// follow-up code (a spent proof of work first; a wrong code says nothing more), or closes it.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normalizeReference } from '../forms/reference.ts';
import { translatorFor } from '../forms/language.ts';
import { spendProof } from '../forms/spam.ts';
import { normaliseCode } from '../forms/follow-up-code.ts';
import { endFollowUpSession, IDLE_MS, openFollowUpSession } from './sessions.ts';
import { langField, languageFor, limitOf, tokenOf, type FollowUpDeps } from './route-scope.ts';

const openSchema = z.object({
  lang: langField,
  reference: z.string().max(40),
  code: z.string().max(60),
  altcha: z.string().max(4096).optional(),
});

/** Registers POST and DELETE /api/follow-up/session. */
export function sessionRoutes(scope: FastifyInstance, deps: FollowUpDeps): void {
  const { db } = deps.storage;

  scope.post('/api/follow-up/session', limitOf(deps), async (request, reply) => {
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

  scope.delete('/api/follow-up/session', async (request, reply) => {
    await endFollowUpSession(db, tokenOf(request));
    return reply.code(204).send();
  });
}
