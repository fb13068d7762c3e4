// Search figures: the Pagefind index size per language (the time and bytes of a query are
// bench/search-timing.ts's).
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Bytes of the index files of each language, all its parts (pagefind/{part}/: meta, chunks, fragments, wasm). */
export async function indexSizes(distDir: string): Promise<Record<string, number>> {
  const root = join(distDir, 'pagefind');
  const sizes: Record<string, number> = {};
  const files = await readdir(root, { recursive: true });
  for (const file of files) {
    const language = /^(nl|fr|de|en)(?:-\d+)?\//.exec(file)?.[1];
    if (!language || /\.(br|gz)$/.test(file)) continue;
    sizes[language] = (sizes[language] ?? 0) + (await stat(join(root, file))).size;
  }
  return sizes;
}
