// The preview address (PREVIEW_ORIGIN, served by `npm run serve` on PREVIEW_HOST:PREVIEW_PORT
// when it is set): the site's own app over RELEASES_DIR/previews/current, the preview shown,
// never indexed (`X-Robots-Tag: noindex, nofollow` on every answer, a robots.txt that disallows
// everything), and at PREVIEW_STATUS_PATH what the preview was built from and what a
// publication of it would refuse. deploy/nginx's preview server block does the same.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app.ts';
import { PREVIEW_STATUS_PATH, previewsDir, shownPreview, type PreviewInfo } from './preview.ts';

/** The robots.txt of every preview: nothing may be crawled. */
export const PREVIEW_ROBOTS = 'User-agent: *\nDisallow: /\n';

/** The status page's text: the branch, commit and time of the preview shown, and its problems. */
export function previewStatusText(info: PreviewInfo | undefined): string {
  if (!info) return 'No preview has been built yet (npm run release -- preview --branch NAME).\n';
  return [
    `Preview of the branch ${info.branch}, commit ${info.commit ?? '(none)'}, built ${info.builtAt}.`,
    info.problems.length === 0
      ? 'A publication of this commit passes every check.'
      : `A publication of this commit would be refused:\n${info.problems.map((problem) => `- ${problem}`).join('\n')}`,
    '',
  ].join('\n');
}

/** The preview's Fastify app (not listening yet). */
export async function createPreviewApp(options: {
  releasesDir: string;
  logLevel?: string;
}): Promise<FastifyInstance> {
  const shown = join(previewsDir(options.releasesDir), 'current');
  const app = await createApp({ distDir: shown, logLevel: options.logLevel ?? 'info' });
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?', 1)[0];
    if (existsSync(shown) || path === PREVIEW_STATUS_PATH || path === '/robots.txt') done();
    else void reply.code(503).type('text/plain; charset=utf-8').send(previewStatusText(undefined));
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    done(null, payload);
  });
  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(PREVIEW_ROBOTS),
  );
  app.get(PREVIEW_STATUS_PATH, async (_request, reply) => {
    const info = await shownPreview(options.releasesDir);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(previewStatusText(info));
  });
  return app;
}
