// The form API: GET /api/challenge (proof of work), POST /api/uploads (one file, streamed:
// upload-route.ts), POST /api/forms/:id (validate, store, answer 201 with a reference:
// submit-route.ts), and the follow-up (follow-up/routes.ts), in one scope whose rules are
// api-scope.ts's: only our own pages may post, every post meets the per-address limit, every
// refusal has a JSON body with a translated message. This module opens what they share.
import { mkdir } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { loadForms } from '../src/content/forms.ts';
import type { FormDefinition } from '../src/forms/definition.ts';
import { startConversationMail } from './follow-up/mail.ts';
import { registerFollowUpApi } from './follow-up/routes.ts';
import { registerRateLimit } from './rate-limit.ts';
import { isStaffLanguage, staffTranslator } from './staff/messages.ts';
import { openStorage, type Storage } from './storage/database.ts';
import { checkMasterKey } from './storage/master-key.ts';
import { answerErrors, localFormCache, sameOriginOnly } from './forms/api-scope.ts';
import type { FormsConfig } from './forms/config.ts';
import { startMailer, type Mailer } from './forms/mailer.ts';
import { startScheduledWork } from './forms/scheduled.ts';
import { ProofOfWork } from './forms/spam.ts';
import { submitRoute } from './forms/submit-route.ts';
import { UploadQuota } from './forms/upload-quota.ts';
import { uploadRoute } from './forms/upload-route.ts';

export { PROOF_HEADER } from './forms/upload-route.ts';
export { SUBMISSION_BODY_LIMIT } from './forms/submit-route.ts';

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
        staffText: (lang) => staffTranslator(isStaffLanguage(lang) ? lang : 'en'),
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

  const localFor = localFormCache();
  const routeDeps = { config, storage, forms, localFor, proofOfWork, quota, mailer };

  await app.register(async (scope) => {
    // A file cut at its size limit is reported by receiveFile (413 naming the file), not thrown.
    await scope.register(multipart, {
      limits: { files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: false,
    });
    await registerRateLimit(scope, storage);

    sameOriginOnly(scope);
    answerErrors(scope);

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

    uploadRoute(scope, routeDeps);
    submitRoute(scope, routeDeps);
  });
}
