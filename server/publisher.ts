// `npm run publisher`: the publisher as a service on PUBLISH_HOST:PUBLISH_PORT (default
// 127.0.0.1:8083). The git host's push webhook (`POST /hooks/git`, signed with PUBLISH_SECRET)
// publishes CMS_BRANCH of PUBLISH_REPOSITORY as `npm run release -- publish` does, one
// publication at a time, a push during a build built next, once; scheduled content is published
// at its time (publish-queue.ts). With PREVIEW_ORIGIN set, it also builds previews (a save
// waiting for "Publish changes", a push to a `cms/…` branch, `POST /hooks/preview`) after the
// publications. Without PUBLISH_SECRET, or with a wrong setting, it exits 78.
import { resolve } from 'node:path';
import { readEnvironment } from '../src/config/environment.ts';
import { fail } from './cli-args.ts';
import { createPublisherService } from './publishing/publisher-service.ts';
import { closeOnSignals } from './shutdown.ts';

/** The exit status of a configuration the service cannot run with (sysexits.h EX_CONFIG). */
const EXIT_CONFIG = 78;
const root = resolve(import.meta.dirname, '..');

let env;
try {
  env = readEnvironment();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error), EXIT_CONFIG);
}
const secret = env.PUBLISH_SECRET;
if (!secret)
  fail(
    'PUBLISH_SECRET is not set: the publisher cannot tell the git host from anyone else. Set it to the webhook secret of the git host (openssl rand -hex 32) in /etc/guichet/guichet.env.',
    EXIT_CONFIG,
  );
const releasesDir = resolve(root, env.RELEASES_DIR);

const { app, queue } = await createPublisherService({ env, secret, root });

closeOnSignals(app);
await app.listen({ host: env.PUBLISH_HOST, port: env.PUBLISH_PORT });
await queue.arm();
console.log(
  `Publisher: POST http://${env.PUBLISH_HOST}:${String(env.PUBLISH_PORT)}/hooks/git publishes ${env.CMS_BRANCH} into ${releasesDir}.`,
);
