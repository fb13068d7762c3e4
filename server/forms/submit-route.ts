// POST /api/forms/:id: a submission validated with its form's schema (the client's rules, and
// more), stored with its files and notification in one transaction, answered 201 with its
// reference (and, for a form with `followUp`, the follow-up code, shown once: ADR 0030).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inputFields } from '../../src/forms/local-form.ts';
import { fieldErrors } from '../../src/forms/schema.ts';
import { LOCALE_IDS } from '../../src/i18n/locales.ts';
import { hashFollowUpCode, newFollowUpCode } from './follow-up-code.ts';
import { routeLimit } from '../rate-limit.ts';
import { refuse, type FormsRouteDeps } from './api-scope.ts';
import { languageOf, translatorFor } from './language.ts';
import { insertSubmission } from './store.ts';

/** The largest JSON submission: far above any real message, far below a memory problem. */
export const SUBMISSION_BODY_LIMIT = 256 * 1024;

const envelopeSchema = z.object({
  lang: z.enum(LOCALE_IDS).optional(),
  values: z.record(z.string(), z.unknown()),
  website: z.string().max(1000).optional(),
  altcha: z.string().max(4096).optional(),
});

/** Registers POST /api/forms/:id. */
export function submitRoute(scope: FastifyInstance, deps: FormsRouteDeps): void {
  const { config, storage, forms, localFor, proofOfWork, mailer } = deps;
  const { windowMs } = config.rateLimit;
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
}
