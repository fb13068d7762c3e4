// The preview address (PREVIEW_ORIGIN) for the editor guide's screenshots: a real preview of a
// workflow branch, built by the publisher's own `buildPreview` (server/publishing/preview.ts)
// from a small editors' repository (server/testing/editors-repo.ts: the site's pages without the
// news, events and attacks, so the build takes seconds), and served by the real preview server
// (server/publishing/preview-app.ts) on a free loopback port.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createPreviewApp } from '../../../server/publishing/preview-app.ts';
import { buildPreview, type PreviewInfo } from '../../../server/publishing/preview.ts';
import { makeEditorsRepo } from '../../../server/testing/editors-repo.ts';

/**
 * Pushes `branch` with `edits` (paths relative to content/) and builds its preview; returns the
 * preview address, what the preview recorded, and how to stop the server.
 */
export async function startPreviewAddress(
  branch: string,
  edits: Record<string, (text: string) => string>,
): Promise<{ origin: string; info: PreviewInfo; close: () => Promise<void> }> {
  const repo = makeEditorsRepo('guide-preview');
  repo.push('The site');
  for (const [file, edit] of Object.entries(edits)) repo.edit(file, edit);
  repo.push('A saved change', branch);
  const releasesDir = join(repo.dir, 'releases');
  mkdirSync(releasesDir);
  // Its files' folder appears with the preview: fastify-static's warning until then is noise.
  const app = await createPreviewApp({ releasesDir, logLevel: 'error' });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const info = await buildPreview({
    releasesDir,
    repository: repo.bare,
    branch,
    previewOrigin: origin,
    // A fixed time: the picture of /_preview says when the preview was built.
    now: () => new Date('2026-11-27T09:42:00Z'),
    workers: 1,
  });
  return {
    origin,
    info,
    close: async () => {
      await app.close();
      rmSync(repo.dir, { recursive: true, force: true });
    },
  };
}
