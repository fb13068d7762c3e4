// What every follow-up route shares (routes.ts registers them on the form API's scope): the deps
// they read, the session header and the one answer to a session that is gone.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FormDefinition } from '../../src/forms/definition.ts';
import { LOCALE_IDS, type LocaleId } from '../../src/i18n/locales.ts';
import type { Translate } from '../../src/i18n/translate.ts';
import { routeLimit } from '../rate-limit.ts';
import type { Storage } from '../storage/database.ts';
import type { MasterKey } from '../storage/encryption.ts';
import type { LocalFor } from '../forms/api-scope.ts';
import { languageOf, translatorFor } from '../forms/language.ts';
import type { Mailer } from '../forms/outbox-worker.ts';
import type { ProofOfWork } from '../forms/spam.ts';
import { sessionSubmission } from './sessions.ts';

/** The header that carries the session token. */
const SESSION_HEADER = 'x-follow-up-session';

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

/** The optional language field of every follow-up body. */
export const langField = z.enum(LOCALE_IDS).optional();

/** The route options of a rate-limited follow-up route. */
export const limitOf = (deps: FollowUpDeps) => ({
  config: { rateLimit: routeLimit(deps.rateLimit.max, deps.rateLimit.windowMs) },
});

/** The reader's language for a follow-up answer. */
export const languageFor = (request: FastifyRequest): LocaleId => languageOf(request);

/** The session token the request carries in its header, if any. */
export const tokenOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[SESSION_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** The answer to a session that is over or unknown (401). */
export const expired = (reply: FastifyReply, t: Translate) =>
  reply.code(401).send({ error: 'session_expired', message: t('followUp.error.expired') });

/** The session's submission, or the 401 already sent. */
export async function sessionOf(
  deps: FollowUpDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  const submissionId = await sessionSubmission(deps.storage.db, tokenOf(request));
  if (!submissionId) {
    await expired(reply, translatorFor(languageFor(request)));
    return null;
  }
  return submissionId;
}
