// What every route of the form API shares (forms-api.ts registers them in one scope): the deps
// they read, the same-origin rule before anything else, and the one set of refusals and error
// answers, each with a translated message.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FormDefinition } from '../../src/forms/definition.ts';
import { localizeForm, type LocalForm } from '../../src/forms/local-form.ts';
import { formSchema } from '../../src/forms/schema.ts';
import type { LocaleId } from '../../src/i18n/locales.ts';
import type { Translate } from '../../src/i18n/translate.ts';
import { RateLimitedError } from '../rate-limit.ts';
import { isStateChanging, originVerdict } from '../same-origin.ts';
import type { Storage } from '../storage/database.ts';
import { isStorageFull } from '../storage/errors.ts';
import type { FormsConfig } from './config.ts';
import { languageOf, translatorFor } from './language.ts';
import type { Mailer } from './outbox-worker.ts';
import type { ProofOfWork } from './spam.ts';
import type { UploadQuota } from './upload-quota.ts';

/** A form in one language, with its schema (made once per form and language). */
export type LocalFor = (
  definition: FormDefinition,
  language: LocaleId,
) => { local: LocalForm; schema: ReturnType<typeof formSchema> };

/** A cache of each form in each language with its schema, made on first use. */
export function localFormCache(): LocalFor {
  const cache = new Map<string, ReturnType<LocalFor>>();
  return (definition, language) => {
    const key = `${definition.id}:${language}`;
    let entry = cache.get(key);
    if (!entry) {
      const local = localizeForm(definition, language);
      entry = { local, schema: formSchema(local, translatorFor(language)) };
      cache.set(key, entry);
    }
    return entry;
  };
}

/** What the form API's routes read. */
export interface FormsRouteDeps {
  config: FormsConfig;
  storage: Storage;
  /** The forms by id: a Map, so that "constructor" or "__proto__" is just an unknown id. */
  forms: ReadonlyMap<string, FormDefinition>;
  localFor: LocalFor;
  proofOfWork: ProofOfWork;
  quota: UploadQuota;
  mailer: Mailer | null;
}

/** The one answer to every refused submission or upload: a bot learns nothing from it. */
export const refuse = (reply: FastifyReply, t: Translate) =>
  reply.code(422).send({ error: 'rejected', message: t('form.error.rejected') });

/** A full disk or database: the reader keeps what they typed and can try again later. */
export const storageFull = (
  reply: FastifyReply,
  t: Translate,
  key: 'storageFull' | 'uploadStorageFull',
) =>
  reply.code(507).send({
    error: 'storage_full',
    message: t(key === 'storageFull' ? 'form.error.storageFull' : 'form.error.uploadStorageFull'),
  });

/** Refuses a state-changing request from a page of another site (403), before anything else. */
export function sameOriginOnly(scope: FastifyInstance): void {
  // Before anything else, the rate limit included: a page of another site gets nothing.
  scope.addHook('onRequest', async (request, reply) => {
    if (!isStateChanging(request.method)) return;
    // The Host header as sent: nginx passes the reader's; X-Forwarded-Host, which any client
    // can write, never moves our origin. The scheme from a trusted proxy (TRUSTED_PROXIES).
    const own = `${request.protocol}://${request.headers.host ?? ''}`;
    if (originVerdict(request.headers, own) !== 'cross') return;
    const t = translatorFor(languageOf(request));
    await reply.code(403).send({ error: 'cross_origin', message: t('form.error.crossOrigin') });
  });
}

/** The scope's answers to errors: 429, 507, 413, 415, 400 and 500, each translated. */
export function answerErrors(scope: FastifyInstance): void {
  scope.setErrorHandler(
    async (error: Error & { statusCode?: number; code?: string }, request, reply) => {
      const t = translatorFor(languageOf(request));
      if (error instanceof RateLimitedError) {
        const seconds = error.retryAfterSeconds;
        return reply.code(429).send({
          error: 'rate_limited',
          retryAfter: seconds,
          message: t('form.error.rateLimited', { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
        });
      }
      if (isStorageFull(error)) {
        request.log.error({ err: error }, 'storage full: a request refused with 507');
        const upload = request.url.startsWith('/api/uploads');
        return storageFull(reply, t, upload ? 'uploadStorageFull' : 'storageFull');
      }
      const status = error.statusCode ?? 500;
      if (status === 413) {
        return reply.code(413).send({ error: 'too_large', message: t('form.error.tooLarge') });
      }
      if (status === 415 || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
        return reply
          .code(415)
          .send({ error: 'unsupported_media_type', message: t('form.error.rejected') });
      }
      if (status >= 400 && status < 500) {
        return reply.code(400).send({ error: 'bad_request', message: t('form.error.rejected') });
      }
      request.log.error({ err: error }, 'form API error');
      return reply.code(500).send({ error: 'server_error', message: t('form.error.server') });
    },
  );
}
