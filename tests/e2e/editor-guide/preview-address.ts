// The preview address (PREVIEW_ORIGIN) for the editor guide's screenshots: the publisher's real
// preview server (server/publishing/preview-app.ts) over a preview folder laid out as
// `npm run release -- preview` lays it out, whose site is a copy of the dist/ the script already
// built (building a branch's preview takes a whole site build) and whose preview.json is `info`.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPreviewApp } from '../../../server/publishing/preview-app.ts';
import { previewName, previewsDir, type PreviewInfo } from '../../../server/publishing/preview.ts';
import { pointCurrentAt } from '../../../server/publishing/releases.ts';
import { ROOT } from '../cms-local.ts';

/** Serves the preview on a free loopback port; returns its origin and how to stop it. */
export async function startPreviewAddress(
  info: Omit<PreviewInfo, 'name'>,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const releasesDir = mkdtempSync(join(tmpdir(), 'guide-preview-'));
  const name = previewName(info.branch);
  const folder = join(previewsDir(releasesDir), name);
  mkdirSync(folder, { recursive: true });
  cpSync(join(ROOT, 'dist'), join(folder, 'site'), { recursive: true });
  writeFileSync(join(folder, 'preview.json'), JSON.stringify({ ...info, name }));
  await pointCurrentAt(previewsDir(releasesDir), join(name, 'site'));
  const app = await createPreviewApp({ releasesDir, logLevel: 'warn' });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    origin,
    close: async () => {
      await app.close();
      rmSync(releasesDir, { recursive: true, force: true });
    },
  };
}
