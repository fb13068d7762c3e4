// The form API: GET /api/challenge (proof of work), POST /api/uploads (one file, streamed),
// POST /api/forms/:id (validate with the form's schema, store, answer 201 with a reference).
// Only our own pages may post (same-origin.ts); every post needs a fresh proof of work and meets
// the per-address limit; every refusal has a JSON body with a translated message.
import { mkdir } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { loadForms } from '../../src/content/forms.ts';
import type { FormDefinition } from '../../src/forms/definition.ts';
import { acceptLabel } from '../../src/forms/file-types.ts';
import { formatSize } from '../../src/forms/format-size.ts';
import { inputFields, localizeForm, type LocalForm } from '../../src/forms/local-form.ts';
import { fieldErrors, formSchema } from '../../src/forms/schema.ts';
import { LOCALE_IDS, type LocaleId } from '../../src/i18n/locales.ts';
import type { Translate } from '../../src/i18n/translate.ts';
import { clientKey, RateLimitedError, registerRateLimit, routeLimit } from '../rate-limit.ts';
import { isStateChanging, originVerdict } from '../same-origin.ts';
import { openStorage, type Storage } from '../storage/database.ts';
import { isStorageFull } from '../storage/errors.ts';
import { checkMasterKey } from '../storage/master-key.ts';
import type { FormsConfig } from './config.ts';
import { languageOf, translatorFor } from './language.ts';
import { startMailer, type Mailer } from './mailer.ts';
import { ProofOfWork, spendProof } from './spam.ts';
import { insertSubmission } from './store.ts';
import { startScheduledWork } from './scheduled.ts';
import { UploadQuota } from './upload-quota.ts';
import { fileHomeFor } from './kept-files.ts';
import { discardFile, keepFile, receiveFile, type ReceiveResult } from './uploads.ts';
import { hashFollowUpCode, newFollowUpCode } from '../follow-up/code.ts';
import { startConversationMail } from '../follow-up/mail.ts';
import { registerFollowUpApi } from '../follow-up/routes.ts';

/** The largest JSON submission: far above any real message, far below a memory problem. */
export const SUBMISSION_BODY_LIMIT = 256 * 1024;
/** What a multipart envelope adds to a file: boundaries and part headers. */
const ENVELOPE_BYTES = 64 * 1024;
/** The header that carries an upload's proof of work (a submission carries it in its body). */
export const PROOF_HEADER = 'x-proof-of-work';

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
  /** The forms by id: a Map, so that "constructor" or "__proto__" is just an unknown id. */
  forms: ReadonlyMap<string, FormDefinition>;
  mailer: Mailer | null;
  /** The follow-up's e-mails (answers, "answered", "wrote back"); null without SMTP_URL. */
  conversationMail: Mailer | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    formsApi: FormsApi;
  }
}

/** The one answer to every refused submission or upload: a bot learns nothing from it. */
const refuse = (reply: FastifyReply, t: Translate) =>
  reply.code(422).send({ error: 'rejected', message: t('form.error.rejected') });

/** A full disk or database: the reader keeps what they typed and can try again later. */
const storageFull = (reply: FastifyReply, t: Translate, key: 'storageFull' | 'uploadStorageFull') =>
  reply.code(507).send({
    error: 'storage_full',
    message: t(key === 'storageFull' ? 'form.error.storageFull' : 'form.error.uploadStorageFull'),
  });

/** Registers the form API on an app (inside its own scope for the multipart parser). */
export async function registerFormsApi(app: FastifyInstance, config: FormsConfig): Promise<void> {
  const forms: ReadonlyMap<string, FormDefinition> = new Map(
    Object.entries(loadForms(`${config.contentDir}/forms`)),
  );
  const storage = await openStorage(
    config.databaseUrl,
    config.root,
    config.migrations ? { migrations: config.migrations } : {},
  );
  try {
    // A wrong master key is refused before a visitor's message is stored under it.
    await checkMasterKey(storage.db, config.masterKey);
  } catch (error) {
    await storage.close();
    throw error;
  }
  if (storage.newerMigrations.length) {
    app.log.warn(
      { newerMigrations: storage.newerMigrations },
      'the database holds migrations of a newer release: serving on it (ADR 0020)',
    );
  }
  // Readable by the server's own user only, as every file in it (uploads.ts).
  await mkdir(config.uploadDir, { recursive: true, mode: 0o700 });
  const mailer = config.smtpUrl
    ? startMailer(storage, forms, {
        smtpUrl: config.smtpUrl,
        ...(config.smtpFrom ? { from: config.smtpFrom } : {}),
        ...(config.staffOrigin ? { staffOrigin: config.staffOrigin } : {}),
        log: app.log,
      })
    : null;
  const sweeper = await startScheduledWork(storage, {
    databaseUrl: config.databaseUrl,
    uploadDir: config.uploadDir,
    forms,
    intervalMs: config.uploads.sweepIntervalMs,
    maxAgeMs: config.uploads.orphanAgeMs,
    log: app.log,
  });
  const conversationMail = config.smtpUrl
    ? startConversationMail(storage, {
        smtpUrl: config.smtpUrl,
        masterKey: config.masterKey,
        ...(config.smtpFrom ? { from: config.smtpFrom } : {}),
        ...(config.staffOrigin ? { staffOrigin: config.staffOrigin } : {}),
        log: app.log,
      })
    : null;
  app.decorate('formsApi', { storage, forms, mailer, conversationMail });
  app.addHook('onClose', async () => {
    await sweeper.stop();
    await mailer?.stop();
    await conversationMail?.stop();
    await storage.close();
  });

  const proofOfWork = new ProofOfWork({
    ...(config.secret ? { secret: config.secret } : {}),
    ...config.proofOfWork,
  });
  const quota = new UploadQuota(storage.db, config.uploads);
  const { windowMs } = config.rateLimit;

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

  await app.register(async (scope) => {
    // A file cut at its size limit is reported by receiveFile (413 naming the file), not thrown.
    await scope.register(multipart, {
      limits: { files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: false,
    });
    await registerRateLimit(scope, storage);

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

    registerFollowUpApi(scope, {
      storage,
      masterKey: config.masterKey,
      proofOfWork,
      uploadDir: config.uploadDir,
      forms,
      localFor,
      mail: conversationMail,
      rateLimit: { max: config.rateLimit.submissions, windowMs },
    });

    scope.get('/api/challenge', async (_request, reply) => {
      return reply.header('cache-control', 'no-store').send(await proofOfWork.challenge());
    });

    scope.post(
      '/api/uploads',
      { config: { rateLimit: routeLimit(config.rateLimit.uploads, windowMs) } },
      async (request, reply) => {
        const language = languageOf(request);
        const t = translatorFor(language);
        const query = uploadQuerySchema.safeParse(request.query);
        const definition = query.success ? forms.get(query.data.form) : undefined;
        const local = definition ? localFor(definition, language).local : undefined;
        const field = local
          ? inputFields(local.fields).find((candidate) => candidate.name === query.data?.field)
          : undefined;
        if (!definition || !field || field.type !== 'file') {
          return reply
            .code(404)
            .send({ error: 'unknown_field', message: t('form.error.rejected') });
        }
        // A fresh proof of work, spent before a byte of the file is read.
        const proof = proofOfWork.verify(request.headers[PROOF_HEADER]);
        if (!proof || !(await spendProof(storage.db, proof))) return refuse(reply, t);

        const limit = formatSize(field.maxSize, language);
        const announced = Number(request.headers['content-length']);
        const most = field.maxSize + ENVELOPE_BYTES;
        const reservation = await quota.reserve(
          clientKey(request.ip),
          Number.isFinite(announced) ? Math.min(announced, most) : most,
        );
        if (!reservation.granted) {
          if (reservation.refusal === 'total') return storageFull(reply, t, 'uploadStorageFull');
          const seconds = Math.ceil(reservation.retryAfterMs / 1000);
          return reply
            .code(413)
            .header('retry-after', String(seconds))
            .send({
              error: 'upload_quota',
              message: t('form.error.uploadQuota', {
                hours: Math.max(1, Math.ceil(seconds / 3600)),
              }),
            });
        }

        // An answer given before the body is read to its end: the rest of the body is read and
        // dropped, or the connection would stall behind it (and the next request on it).
        const dropRest = () => {
          request.raw.unpipe();
          request.raw.resume();
        };
        let name = '';
        let result: ReceiveResult | { kind: 'noFile' } | { kind: 'announcedTooLarge' } = {
          kind: 'noFile',
        };
        let tooMany = false;
        try {
          for await (const part of request.parts({ limits: { fileSize: field.maxSize } })) {
            if (part.type !== 'file') continue;
            name = part.filename;
            if (announced > most) {
              // Refused by its announced size, once its name is known, without storing it.
              part.file.resume();
              result = { kind: 'announcedTooLarge' };
              break;
            }
            result = await receiveFile(
              config.uploadDir,
              part.file,
              part.filename,
              field.accept,
              config.masterKey,
            );
          }
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_FILES_LIMIT') tooMany = true;
          else {
            dropRest();
            await reservation.cancel();
            if (result.kind === 'received') await discardFile(result.file);
            // A body that breaks off is the client's fault (400); a disk error (it has a
            // syscall) and Fastify's own errors (not multipart: 415) go to the error handler.
            if (error instanceof Error && ('syscall' in error || 'statusCode' in error))
              throw error;
            request.log.info({ err: error }, 'malformed upload refused');
            return reply
              .code(400)
              .send({ error: 'bad_request', message: t('form.error.rejected') });
          }
        }
        if (tooMany || result.kind !== 'received') {
          dropRest();
          await reservation.cancel();
          if (result.kind === 'received') await discardFile(result.file);
        }
        if (tooMany) {
          // Two files in one request: each file is its own upload, so none is kept silently.
          return reply
            .code(400)
            .send({ error: 'too_many_files', message: t('form.error.fileCount', { max: 1 }) });
        }
        switch (result.kind) {
          case 'noFile':
            return reply.code(400).send({ error: 'no_file', message: t('form.error.file') });
          case 'announcedTooLarge':
          case 'tooLarge':
            return reply.code(413).send({
              error: 'too_large',
              message: t('form.error.fileSize', { name, size: limit }),
            });
          case 'empty':
            return reply
              .code(422)
              .send({ error: 'empty_file', message: t('form.error.fileEmpty', { name }) });
          case 'wrongType':
            return reply.code(415).send({
              error: 'unsupported_type',
              message: t('form.error.fileType', { name, types: acceptLabel(field.accept) }),
            });
          case 'received':
            break;
        }
        const { file } = result;
        try {
          await keepFile(
            storage.db,
            config.uploadDir,
            file,
            { form_id: definition.id, field: field.name, created_at: new Date().toISOString() },
            fileHomeFor(storage.dialect),
          );
        } catch (error) {
          await reservation.cancel();
          throw error;
        }
        await reservation.settle(file.size);
        return reply
          .code(201)
          .send({ token: file.token, name: file.fileName, size: file.size, type: file.mediaType });
      },
    );

    scope.post<{ Params: { id: string } }>(
      '/api/forms/:id',
      {
        bodyLimit: SUBMISSION_BODY_LIMIT,
        config: { rateLimit: routeLimit(config.rateLimit.submissions, windowMs) },
      },
      async (request, reply) => {
        const envelope = envelopeSchema.safeParse(request.body);
        const language = envelope.success
          ? (envelope.data.lang ?? languageOf(request))
          : languageOf(request);
        const t = translatorFor(language);
        if (!envelope.success) {
          return reply.code(400).send({ error: 'bad_request', message: t('form.error.rejected') });
        }
        const definition = forms.get(request.params.id);
        // The reply form is written on the follow-up page only (follow-up/routes.ts).
        if (!definition || definition.replyOnly) {
          return reply.code(404).send({ error: 'not_found', message: t('form.error.rejected') });
        }
        const { values, website, altcha } = envelope.data;
        if (website) {
          request.log.info({ form: definition.id }, 'honeypot filled: submission refused');
          return refuse(reply, t);
        }
        const proof = proofOfWork.verify(altcha);
        if (!proof) return refuse(reply, t);
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
          const tokens = Object.hasOwn(checked.data, field.name)
            ? checked.data[field.name]
            : undefined;
          if (field.type === 'file' && Array.isArray(tokens)) files[field.name] = tokens;
        }
        // Shown once to the visitor; the database keeps its scrypt hash only (ADR 0030).
        const followUpCode = definition.followUp ? newFollowUpCode() : undefined;
        const result = await insertSubmission(storage.db, {
          ...(followUpCode ? { codeHash: await hashFollowUpCode(followUpCode) } : {}),
          formId: definition.id,
          lang: language,
          values: checked.data,
          files,
          notify: mailer !== null && definition.notify !== undefined,
          masterKey: config.masterKey,
          proof,
        });
        if (!result.stored) {
          if (result.reason === 'proof') return refuse(reply, t);
          return reply.code(422).send({
            error: 'invalid',
            errors: Object.fromEntries(
              result.missingFiles.map((field) => [field, t('form.error.fileMissing')]),
            ),
            message: t('form.error.form'),
          });
        }
        mailer?.wake();
        return reply.code(201).send({
          reference: result.reference,
          message: t('form.success'),
          ...(followUpCode ? { followUpCode } : {}),
        });
      },
    );
  });
}
