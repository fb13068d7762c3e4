// POST /api/uploads: one file of a form's file field, streamed, checked and kept encrypted
// (uploads.ts); its own proof of work, spent before a byte is read; the per-address byte budget.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptLabel } from '../../src/forms/file-types.ts';
import { formatSize } from '../../src/forms/format-size.ts';
import { inputFields, type LocalInputField } from '../../src/forms/local-form.ts';
import type { Translate } from '../../src/i18n/translate.ts';
import { clientKey, routeLimit } from '../rate-limit.ts';
import { refuse, storageFull, type FormsRouteDeps } from './api-scope.ts';
import type { FormsConfig } from './config.ts';
import { fileHomeFor } from './kept-files.ts';
import { languageOf, translatorFor } from './language.ts';
import { spendProof } from './spam.ts';
import { discardFile, keepFile, receiveFile, type ReceiveResult } from './uploads.ts';

/** What a multipart envelope adds to a file: boundaries and part headers. */
const ENVELOPE_BYTES = 64 * 1024;
/** The header that carries an upload's proof of work (a submission carries it in its body). */
export const PROOF_HEADER = 'x-proof-of-work';

const uploadQuerySchema = z.object({
  form: z.string().max(100),
  field: z.string().max(100),
  lang: z.string().optional(),
});

type FileField = Extract<LocalInputField, { type: 'file' }>;
type Outcome = ReceiveResult | { kind: 'noFile' } | { kind: 'announcedTooLarge' };

/** What reading the request's parts gave: the file's name, what became of it, and why not. */
interface PartsRead {
  name: string;
  result: Outcome;
  /** A second file in the request (the multipart limit of one). */
  tooMany: boolean;
  /** A body that broke off or could not be read, thrown by the multipart reader. */
  failure?: unknown;
}

/** Reads the request's file part into receiveFile, or refuses it by its announced size. */
async function readFilePart(
  request: FastifyRequest,
  field: FileField,
  config: FormsConfig,
  announcedTooLarge: boolean,
): Promise<PartsRead> {
  const read: PartsRead = { name: '', result: { kind: 'noFile' }, tooMany: false };
  try {
    for await (const part of request.parts({ limits: { fileSize: field.maxSize } })) {
      if (part.type !== 'file') continue;
      read.name = part.filename;
      if (announcedTooLarge) {
        // Refused by its announced size, once its name is known, without storing it.
        part.file.resume();
        read.result = { kind: 'announcedTooLarge' };
        break;
      }
      read.result = await receiveFile(
        config.uploadDir,
        part.file,
        part.filename,
        field.accept,
        config.masterKey,
      );
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') read.tooMany = true;
    else read.failure = error;
  }
  return read;
}

/** The answer to a file that is not kept (too large, empty, of a refused type, or none). */
function refuseFile(
  reply: FastifyReply,
  t: Translate,
  read: PartsRead,
  field: FileField,
  limit: string,
) {
  const { name } = read;
  if (read.tooMany) {
    // Two files in one request: each file is its own upload, so none is kept silently.
    return reply
      .code(400)
      .send({ error: 'too_many_files', message: t('form.error.fileCount', { max: 1 }) });
  }
  switch (read.result.kind) {
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
      return null;
  }
}

/** The 413 of an address over its byte budget, with when to try again. */
function overQuota(reply: FastifyReply, t: Translate, retryAfterMs: number) {
  const seconds = Math.ceil(retryAfterMs / 1000);
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

/** Registers POST /api/uploads. */
export function uploadRoute(scope: FastifyInstance, deps: FormsRouteDeps): void {
  const { config, storage, forms, localFor, proofOfWork, quota } = deps;
  const { windowMs } = config.rateLimit;
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
        return reply.code(404).send({ error: 'unknown_field', message: t('form.error.rejected') });
      }
      // A fresh proof of work, spent before a byte of the file is read.
      const proof = proofOfWork.verify(request.headers[PROOF_HEADER]);
      if (!proof || !(await spendProof(storage.db, proof))) return refuse(reply, t);

      const announced = Number(request.headers['content-length']);
      const most = field.maxSize + ENVELOPE_BYTES;
      const reservation = await quota.reserve(
        clientKey(request.ip),
        Number.isFinite(announced) ? Math.min(announced, most) : most,
      );
      if (!reservation.granted) {
        if (reservation.refusal === 'total') return storageFull(reply, t, 'uploadStorageFull');
        return overQuota(reply, t, reservation.retryAfterMs);
      }

      // An answer given before the body is read to its end: the rest of the body is read and
      // dropped, or the connection would stall behind it (and the next request on it).
      const dropRest = () => {
        request.raw.unpipe();
        request.raw.resume();
      };
      const read = await readFilePart(request, field, config, announced > most);
      const { result } = read;
      if (read.failure !== undefined || read.tooMany || result.kind !== 'received') {
        dropRest();
        await reservation.cancel();
        if (result.kind === 'received') await discardFile(result.file);
      }
      if (read.failure !== undefined) {
        const error = read.failure;
        // A body that breaks off is the client's fault (400); a disk error (it has a
        // syscall) and Fastify's own errors (not multipart: 415) go to the error handler.
        if (error instanceof Error && ('syscall' in error || 'statusCode' in error)) throw error;
        request.log.info({ err: error }, 'malformed upload refused');
        return reply.code(400).send({ error: 'bad_request', message: t('form.error.rejected') });
      }
      if (read.tooMany || result.kind !== 'received') {
        return refuseFile(reply, t, read, field, formatSize(field.maxSize, language));
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
}
