// `npm run bench:bundle [-- --top N]`: what each client chunk holds. Builds the client bundle
// alone (the same Vite configuration as the site's build) with rollup-plugin-visualizer, then
// prints every chunk's size (minified, gzip -9 of the file) and its largest modules, grouped by
// npm package or source file. A module's gzip figure is its own code compressed alone, so the
// figures of one chunk add up to more than the chunk: they rank, they do not sum.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { visualizer } from 'rollup-plugin-visualizer';
import { build } from 'vite';
import { clientBuild } from '../src/site-generator/vite-bundles.ts';

interface RawData {
  nodeParts: Record<string, { renderedLength: number; gzipLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

/** The package a module belongs to (`react-dom`, `@formatjs/intl`), or its path in the repository. */
export function ownerOf(id: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (inModules?.[1]) return inModules[1];
  const local = /\/(src\/.*)$/.exec(id);
  return local?.[1] ?? id;
}

const { values } = parseArgs({ options: { top: { type: 'string', default: '12' } } });
const top = Number(values.top);
const root = resolve(import.meta.dirname, '..');
const outDir = await mkdtemp(join(tmpdir(), 'bundle-report-'));
const statsFile = join(outDir, 'stats.json');
try {
  const config = clientBuild(root, join(outDir, 'client'));
  await build({
    ...config,
    plugins: [visualizer({ filename: statsFile, template: 'raw-data', gzipSize: true })],
  });
  const data = JSON.parse(await readFile(statsFile, 'utf8')) as RawData;
  const chunks = new Map<string, Map<string, { raw: number; gzip: number }>>();
  for (const meta of Object.values(data.nodeMetas)) {
    for (const [chunk, partId] of Object.entries(meta.moduleParts)) {
      const part = data.nodeParts[partId];
      if (!part || !chunk.endsWith('.js')) continue;
      const owners = chunks.get(chunk) ?? new Map<string, { raw: number; gzip: number }>();
      const owner = owners.get(ownerOf(meta.id)) ?? { raw: 0, gzip: 0 };
      owner.raw += part.renderedLength;
      owner.gzip += part.gzipLength;
      owners.set(ownerOf(meta.id), owner);
      chunks.set(chunk, owners);
    }
  }
  const rows = await Promise.all(
    [...chunks].map(async ([chunk, owners]) => {
      const file = await readFile(join(outDir, 'client', chunk));
      return { chunk, owners, raw: file.length, gzip: gzipSync(file, { level: 9 }).length };
    }),
  );
  for (const { chunk, owners, raw, gzip } of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `\n${chunk}: ${raw.toLocaleString('en')} B minified, ${gzip.toLocaleString('en')} B gzip -9`,
    );
    const largest = [...owners].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, top);
    for (const [owner, size] of largest) {
      console.log(
        `  ${String(size.gzip).padStart(7)} B gzip  ${String(size.raw).padStart(7)} B  ${owner}`,
      );
    }
  }
} finally {
  await rm(outDir, { recursive: true, force: true });
}
