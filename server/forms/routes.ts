// The form API: GET /api/challenge (proof of work), POST /api/uploads (one file, streamed),
// POST /api/forms/:id (validate with the form's schema, store, answer 201 with a reference).
// Every refusal has a JSON body with a translated message.
import { mkdir } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loadForms } from '../../src/content/forms.ts';
import type { FormDefinition } from '../../src/forms/definition.ts';
import { acceptLabel } from '../../src/forms/file-types.ts';
import { formatSize } from '../../src/forms/format-size.ts';
import { inputFields, localizeForm, type LocalForm } from '../../src/forms/local-form.ts';
import { fieldErrors, formSchema } from '../../src/forms/schema.ts';
import { catalogs } from '../../src/i18n/catalogs.ts';
import { DEFAULT_LOCALE, isLocaleId, LOCALE_IDS, type LocaleId } from '../../src/i18n/locales.ts';
import { createTranslator, type Translate } from '../../src/i18n/translate.ts';
import { openStorage, type Storage } from '../storage/database.ts';
import type { FormsConfig } from './config.ts';
import { startMailer, type Mailer } from './mailer.ts';
import { ProofOfWork, RateLimiter } from './spam.ts';
import { insertSubmission, insertUpload } from './store.ts';
import { receiveFile } from './uploads.ts';

/** The largest JSON submission: far above any real message, far below a memory problem. */
export const SUBMISSION_BODY_LIMIT = 256 * 1024;

const translators = new Map<LocaleId, Translate>(
  LOCALE_IDS.map((language) => [language, createTranslator(language, catalogs[language])]),
);
const translatorFor = (language: LocaleId): Translate =>
  translators.get(language) ?? createTranslator(language, catalogs[language]);

/** The language of a request: ?lang=, else the first Accept-Language we have, else en. */
function languageOf(request: FastifyRequest): LocaleId {
  const query = request.query as Record<string, unknown> | undefined;
  if (isLocaleId(query?.lang)) return query.lang;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase());
  return accepted.find(isLocaleId) ?? DEFAULT_LOCALE;
}

const envelopeSchema = z.object({
  lang: z.enum(LOCALE_IDS).optional(),
  values: z.record(z.string(), z.unknown()),
  website: z.string().max(1000).optional(),
  altcha: z.string().max(4096).optional(),
});

const uploadQuerySchema = z.object({
  form: z.string().max(100),
  field: z.string().max(100),
  lang: z.string().optional(),
});

export interface FormsApi {
  storage: Storage;
  forms: Record<string, FormDefinition>;
  mailer: Mailer | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    formsApi: FormsApi;
  }
}

/** Registers the form API on an app (inside its own scope for the multipart parser). */
export async function registerFormsApi(app: FastifyInstance, config: FormsConfig): Promise<void> {
  const forms = loadForms(`${config.contentDir}/forms`);
  const storage = await openStorage(config.databaseUrl, config.root);
  await mkdir(config.uploadDir, { recursive: true });
  const mailer = config.smtpUrl
    ? startMailer(storage.db, forms, {
        smtpUrl: config.smtpUrl,
        ...(config.smtpFrom ? { from: config.smtpFrom } : {}),
        log: app.log,
      })
    : null;
  app.decorate('formsApi', { storage, forms, mailer });
  app.addHook('onClose', async () => {
    await mailer?.stop();
    await storage.close();
  });

  const proofOfWork = new ProofOfWork({
    ...(config.secret ? { secret: config.secret } : {}),
    ...config.proofOfWork,
  });
  const { windowMs } = config.rateLimit;
  const submissionLimit = new RateLimiter(config.rateLimit.submissions, windowMs);
  const uploadLimit = new RateLimiter(config.rateLimit.uploads, windowMs);

  const localForms = new Map<string, { local: LocalForm; schema: ReturnType<typeof formSchema> }>();
  const localFor = (definition: FormDefinition, language: LocaleId) => {
    const key = `${definition.id}:${language}`;
    let entry = localForms.get(key);
    if (!entry) {
      const local = localizeForm(definition, language);
      entry = { local, schema: formSchema(local, translatorFor(language)) };
      localForms.set(key, entry);
    }
    return entry;
  };

  const limited =
    (limiter: RateLimiter) => async (request: FastifyRequest, reply: FastifyReply) => {
      const verdict = limiter.hit(request.ip);
      if (verdict.allowed) return;
      const seconds = Math.ceil(verdict.retryAfterMs / 1000);
      await reply
        .code(429)
        .header('retry-after', String(seconds))
        .send({
          error: 'rate_limited',
          retryAfter: seconds,
          message: translatorFor(languageOf(request))('form.error.rateLimited', {
            minutes: Math.max(1, Math.ceil(seconds / 60)),
          }),
        });
    };

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });

    scope.setErrorHandler(
      async (error: Error & { statusCode?: number; code?: string }, request, reply) => {
        const t = translatorFor(languageOf(request));
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
        request.log.error(error);
        return reply.code(500).send({ error: 'server_error', message: t('form.error.server') });
      },
    );

    scope.get('/api/challenge', async (_request, reply) => {
      return reply.header('cache-control', 'no-store').send(await proofOfWork.challenge());
    });

    scope.post('/api/uploads', { onRequest: limited(uploadLimit) }, async (request, reply) => {
      const t = translatorFor(languageOf(request));
      const query = uploadQuerySchema.safeParse(request.query);
      const definition = query.success ? forms[query.data.form] : undefined;
      const local = definition ? localFor(definition, languageOf(request)).local : undefined;
      const field = local
        ? inputFields(local.fields).find((candidate) => candidate.name === query.data?.field)
        : undefined;
      if (!field || field.type !== 'file') {
        return reply.code(404).send({ error: 'unknown_field', message: t('form.error.rejected') });
      }
      const limit = { name: '', size: formatSize(field.maxSize, languageOf(request)) };
      // Refuse what is announced too large before reading it.
      const announced = Number(request.headers['content-length'] ?? 0);
      if (announced > field.maxSize + 64 * 1024) {
        return reply
          .code(413)
          .send({ error: 'too_large', message: t('form.error.fileSize', limit) });
      }
      // A multipart body that breaks off is the client's fault (400); Fastify's own errors (a
      // body that is not multipart: 415) go to the error handler, and so does a disk error
      // (it has a syscall: 500).
      const badRequest = (error: unknown) => {
        if (error instanceof Error && ('syscall' in error || 'statusCode' in error)) throw error;
        request.log.info({ err: error }, 'malformed upload refused');
        return reply.code(400).send({ error: 'bad_request', message: t('form.error.rejected') });
      };
      let part;
      try {
        part = await request.file({
          limits: { fileSize: field.maxSize },
          throwFileSizeLimit: false,
        });
      } catch (error) {
        return badRequest(error);
      }
      if (!part) {
        return reply.code(400).send({ error: 'no_file', message: t('form.error.file') });
      }
      let result;
      try {
        result = await receiveFile(config.uploadDir, part.file, part.filename, field.accept);
      } catch (error) {
        return badRequest(error);
      }
      if (result.kind === 'tooLarge') {
        return reply.code(413).send({
          error: 'too_large',
          message: t('form.error.fileSize', { ...limit, name: part.filename }),
        });
      }
      if (result.kind === 'wrongType') {
        return reply.code(415).send({
          error: 'unsupported_type',
          message: t('form.error.fileType', {
            name: part.filename,
            types: acceptLabel(field.accept),
          }),
        });
      }
      await insertUpload(storage.db, {
        token: result.token,
        form_id: definition?.id ?? '',
        field: field.name,
        file_name: result.fileName,
        media_type: result.mediaType,
        size: result.size,
        created_at: new Date().toISOString(),
        submission_id: null,
      });
      return reply.code(201).send({
        token: result.token,
        name: result.fileName,
        size: result.size,
        type: result.mediaType,
      });
    });

    scope.post<{ Params: { id: string } }>(
      '/api/forms/:id',
      { bodyLimit: SUBMISSION_BODY_LIMIT, onRequest: limited(submissionLimit) },
      async (request, reply) => {
        const envelope = envelopeSchema.safeParse(request.body);
        const language = envelope.success
          ? (envelope.data.lang ?? languageOf(request))
          : languageOf(request);
        const t = translatorFor(language);
        if (!envelope.success) {
          return reply.code(400).send({ error: 'bad_request', message: t('form.error.rejected') });
        }
        const definition = forms[request.params.id];
        if (!definition) {
          return reply.code(404).send({ error: 'not_found', message: t('form.error.rejected') });
        }
        const { values, website, altcha } = envelope.data;
        if (website) {
          request.log.info({ form: definition.id }, 'honeypot filled: submission refused');
          return reply.code(422).send({ error: 'rejected', message: t('form.error.rejected') });
        }
        if (!proofOfWork.verify(altcha)) {
          return reply
            .code(422)
            .send({ error: 'challenge_failed', message: t('form.error.rejected') });
        }
        const { local, schema } = localFor(definition, language);
        const checked = schema.safeParse(values);
        if (!checked.success) {
          return reply.code(422).send({
            error: 'invalid',
            errors: fieldErrors(checked.error),
            message: t('form.error.form'),
          });
        }
        const files: Record<string, string[]> = {};
        for (const field of inputFields(local.fields)) {
          const tokens = checked.data[field.name];
          if (field.type === 'file' && Array.isArray(tokens)) files[field.name] = tokens;
        }
        const result = await insertSubmission(storage.db, {
          formId: definition.id,
          lang: language,
          values: checked.data,
          files,
          notify: mailer !== null && definition.notify !== undefined,
        });
        if (!result.stored) {
          return reply.code(422).send({
            error: 'invalid',
            errors: Object.fromEntries(
              result.missingFiles.map((field) => [field, t('form.error.fileMissing')]),
            ),
            message: t('form.error.form'),
          });
        }
        mailer?.wake();
        return reply.code(201).send({ reference: result.reference, message: t('form.success') });
      },
    );
  });
}
