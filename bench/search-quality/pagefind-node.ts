// Pagefind's browser search (dist/pagefind/{part}/pagefind.js) run in Node, for the search-quality
// bench and its regression guard: the same module, index and WebAssembly the browser loads, read
// from the built folder instead of fetched. Pagefind fetches its files by URL; here those URLs are
// file: URLs, which Node's fetch does not read, so fetch is given a reader for them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PagefindInstance, PagefindModule } from '../../src/runtime/search/engine.ts';

let fileFetchInstalled = false;

/** Lets fetch read file: URLs (Pagefind's own files in the built folder); others go as before. */
function installFileFetch(): void {
  if (fileFetchInstalled) return;
  fileFetchInstalled = true;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'file:') return networkFetch(input, init);
    try {
      return new Response(await readFile(fileURLToPath(url)), { status: 200 });
    } catch {
      return new Response(null, { status: 404 });
    }
  };
}

/** Pagefind's module of a built site (all parts share one version of it). */
async function pagefindModule(distDir: string, part: string): Promise<PagefindModule> {
  installFileFetch();
  const url = pathToFileURL(join(distDir, 'pagefind', part, 'pagefind.js')).href;
  return (await import(url)) as PagefindModule;
}

/**
 * A Pagefind instance over a language's parts of the index in `distDir` (the first, then the
 * others merged), with the given options: each call makes a new instance, so options never leak.
 */
export async function pagefindInNode(
  distDir: string,
  parts: readonly string[],
  options: Record<string, unknown> = {},
): Promise<PagefindInstance> {
  const [first, ...others] = parts;
  if (first === undefined) throw new Error('pagefindInNode: no part');
  const basePath = (part: string) => pathToFileURL(join(distDir, 'pagefind', part) + '/').href;
  const module = await pagefindModule(distDir, first);
  // Results name pages by their path ("/en/insurance/"), as in the browser.
  const instance = module.createInstance({
    basePath: basePath(first),
    baseUrl: '/',
    noWorker: true,
  });
  await instance.options({ baseUrl: '/', ...options });
  for (const part of others)
    await instance.mergeIndex(basePath(part), { baseUrl: '/', ...options });
  return instance;
}
