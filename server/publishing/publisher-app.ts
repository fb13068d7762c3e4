// The publisher service's HTTP side (`npm run publisher`, on an internal address): `POST
// /hooks/git` takes the git host's push webhook, checks its signature (webhook.ts) over the raw
// body and, for a push to the published branch, asks the queue for a publication; with
// previews on (PREVIEW_ORIGIN), a save waiting for "Publish changes" or a push to an editorial
// workflow branch (`cms/…`) asks for a preview of it, and so does `POST /hooks/preview`
// (`{"branch": "NAME"}`, signed the same way). It answers 202 at once: the git host waits 10 s
// at most, a build takes longer. Nothing else is served.
import Fastify, { type FastifyInstance } from 'fastify';
import { OneLinePerRequest, requestSerializers } from '../logging.ts';
import type { PublishQueue } from './publish-queue.ts';
import { verifyHook, verifyPreviewRequest } from './webhook.ts';

/** The largest webhook body accepted (a push of 20 commits is a few tens of kilobytes). */
export const HOOK_BODY_LIMIT = 1024 * 1024;

export interface PublisherAppOptions {
  secret: string;
  branch: string;
  queue: Pick<PublishQueue, 'request' | 'requestPreview'>;
  /** Whether previews are built (PREVIEW_ORIGIN is set). */
  previews?: boolean;
  logLevel?: string;
}

/** The publisher's Fastify app (not listening yet). */
export async function createPublisherApp(options: PublisherAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info', serializers: requestSerializers('off') },
    logController: new OneLinePerRequest(),
    bodyLimit: HOOK_BODY_LIMIT,
  });
  // Every body as its bytes: the signature is of the bytes, whatever the content type says.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post('/hooks/git', async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const verdict = verifyHook(request.headers, body, options.secret, options.branch);
    if (verdict.status === 202 && verdict.build) {
      const state = options.queue.request(`push to ${options.branch}`);
      request.log.info({ state }, verdict.reason);
      return reply.code(202).send({ publishing: state });
    }
    if (verdict.status === 202 && verdict.preview && options.previews) {
      const state = options.queue.requestPreview(verdict.preview);
      request.log.info({ state }, `${verdict.reason}; previewing ${verdict.preview}`);
      return reply.code(202).send({ previewing: state, branch: verdict.preview });
    }
    request.log.info(verdict.reason);
    return reply
      .code(verdict.status)
      .send(verdict.status === 202 ? { ignored: verdict.reason } : { error: verdict.reason });
  });

  app.post('/hooks/preview', async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const verdict = verifyPreviewRequest(request.headers, body, options.secret);
    request.log.info(verdict.reason);
    if (verdict.status !== 202) return reply.code(verdict.status).send({ error: verdict.reason });
    if (!options.previews || !verdict.preview)
      return reply.code(409).send({ error: 'no previews: PREVIEW_ORIGIN is not set' });
    const state = options.queue.requestPreview(verdict.preview);
    return reply.code(202).send({ previewing: state, branch: verdict.preview });
  });
  await app.ready();
  return app;
}
