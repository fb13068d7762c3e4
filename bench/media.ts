// `npm run bench:media -- DIR`: encodes each image of DIR alone, as the build does (one folder,
// a cold cache, then the cache), and prints the time and the size of each version.
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { prepareMedia } from '../src/site-generator/media.ts';

const source = resolve(process.argv[2] ?? 'content/media');
const work = resolve(import.meta.dirname, '../.cache/bench-media');

for (const name of readdirSync(source).sort()) {
  const one = join(work, name);
  rmSync(one, { recursive: true, force: true });
  mkdirSync(join(one, 'media'), { recursive: true });
  copyFileSync(join(source, name), join(one, 'media', name));
  const start = performance.now();
  const prepared = await prepareMedia(one, join(one, 'cache'), false);
  const cold = performance.now() - start;
  const again = performance.now();
  await prepareMedia(one, join(one, 'cache'), true);
  const warm = performance.now() - again;
  const image = prepared.library.images.get(name);
  const versions = [...(image?.webp ?? []), ...(image?.fallback ?? [])].map(
    (version) =>
      `${String(version.width)}.${version.url.split('.').pop() ?? ''} ${String(statSync(prepared.files.get(version.url) ?? '').size)} B`,
  );
  console.log(
    `${name} (${String(statSync(join(source, name)).size)} B): encode ${cold.toFixed(0)} ms, cached ${warm.toFixed(1)} ms; ${versions.join(', ')}`,
  );
}
rmSync(work, { recursive: true, force: true });
