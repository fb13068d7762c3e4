// The prerender pool changes how fast the site is built, never what is built: the real site built
// with one worker and with three gives the same files, byte for byte.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from './build.ts';

const root = resolve(import.meta.dirname, '../..');
const dir = join(root, '.cache/build-workers-test');

/** Every file under `outDir`, by its path relative to it. */
const filesOf = (outDir: string): Map<string, Buffer> =>
  new Map(
    readdirSync(outDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = join(entry.parentPath, entry.name);
        return [relative(outDir, file), readFileSync(file)] as const;
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  );

const buildWith = async (workers: number) => {
  const outDir = join(dir, `dist-${workers}`);
  await buildSite({
    root,
    contentDir: join(root, 'content'),
    outDir,
    routeListFile: join(dir, `routes-${workers}.json`),
    ssrDir: join(dir, `ssr-${workers}`),
    address: { siteUrl: 'http://localhost:8080' },
    workers,
  });
  return filesOf(outDir);
};

describe('the prerender pool', () => {
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the same files, byte for byte, with one worker and with three', async () => {
    const one = await buildWith(1);
    const three = await buildWith(3);
    expect([...three.keys()]).toEqual([...one.keys()]);
    // Pages, page-data, their .br and .gz copies, and the Pagefind index fed in route order.
    expect(one.size).toBeGreaterThan(1000);
    const differing = [...one].filter(([path, bytes]) => !three.get(path)?.equals(bytes));
    expect(differing.map(([path]) => path)).toEqual([]);
  }, 240_000);
});
