// The publisher service's parts put together (`npm run publisher`, and the tests that run the
// real service with a clock of their own): the webhook app asks the queue, the queue publishes
// (publish-and-tell.ts) and builds previews (preview.ts), and re-arms the timer for scheduled
// content from the fetched checkout. Its clock is the queue's timers and the builds' "now".
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Environment } from '../../src/config/environment.ts';
import { sourcePaths } from './git-source.ts';
import { buildPreview } from './preview.ts';
import { publishAndTell, type ToldOutcome } from './publish-and-tell.ts';
import { createPublisherApp } from './publisher-app.ts';
import { createPublishQueue, realClock, type Clock, type PublishQueue } from './publish-queue.ts';
import { nextDueIn } from './schedule-source.ts';

export interface PublisherServiceOptions {
  env: Environment;
  secret: string;
  /** The checkout RELEASES_DIR and the default repository are relative to. */
  root: string;
  clock?: Clock;
  /** Told of each publication's outcome (the benchmark reads its phases). */
  onPublished?: (outcome: ToldOutcome) => void;
}

/** The app (not listening) and its queue (its timer not armed yet: call queue.arm()). */
export async function createPublisherService(
  options: PublisherServiceOptions,
): Promise<{ app: FastifyInstance; queue: PublishQueue }> {
  const { env, root } = options;
  const clock = options.clock ?? realClock;
  const now = () => new Date(clock.now());
  const releasesDir = resolve(root, env.RELEASES_DIR);
  const repository = env.PUBLISH_REPOSITORY ?? root;
  const branch = env.CMS_BRANCH;
  // The app asks the queue (defined below: a request comes only once the app listens).
  const app = await createPublisherApp({
    secret: options.secret,
    branch,
    queue: {
      request: (reason) => queue.request(reason),
      requestPreview: (wanted) => queue.requestPreview(wanted),
    },
    previews: env.PREVIEW_ORIGIN !== undefined,
    logLevel: env.LOG_LEVEL,
  });
  const queue = createPublishQueue({
    clock,
    publish: async (reason) => {
      const outcome = await publishAndTell(
        { releasesDir, repository, branch, siteUrl: env.SITE_URL, now, keep: env.RELEASES_KEEP },
        env,
      );
      options.onPublished?.(outcome);
      if (outcome.ok)
        app.log.info(
          {
            commit: outcome.release.commit,
            release: outcome.release.id,
            reason,
            phases: outcome.phases,
          },
          'published',
        );
      else app.log.warn({ commit: outcome.commit, problems: outcome.problems, reason }, 'refused');
    },
    preview: async (wanted) => {
      if (!env.PREVIEW_ORIGIN) return;
      const preview = await buildPreview({
        releasesDir,
        repository,
        branch: wanted,
        previewOrigin: env.PREVIEW_ORIGIN,
        now,
      });
      app.log.info(
        {
          branch: wanted,
          commit: preview.commit,
          built: preview.built,
          problems: preview.problems,
        },
        'preview',
      );
    },
    nextDue: (at) => nextDueIn(join(sourcePaths(releasesDir).checkout, 'content'), at),
    onError: (error) => {
      app.log.error(error);
    },
  });
  return { app, queue };
}
