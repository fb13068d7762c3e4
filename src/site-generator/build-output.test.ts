// What the build writes depends on the content and the code only: not on the number of prerender
// workers, and not on the cache. A rebuild that keeps the pages which did not change writes the
// same files, byte for byte, as a build from nothing with one worker more or less.
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildOptions, type BuildReport } from './build.ts';
import { htmlHash } from './html-hash.ts';
import { COMPRESSIBLE, MIN_BYTES } from './precompress.ts';

const root = resolve(import.meta.dirname, '../..');
const dir = join(root, '.cache/build-output-test');

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

const build = (
  name: string,
  options: Pick<BuildOptions, 'workers' | 'cache' | 'searchIndexPartPages' | 'parseAsideFrom'>,
) =>
  buildSite({
    root,
    contentDir: join(dir, 'content'),
    outDir: join(dir, `dist-${name}`),
    routeListFile: join(dir, `routes-${name}.json`),
    cacheDir: join(dir, `cache-${name}`),
    address: { siteUrl: 'http://localhost:8080' },
    ...options,
  });

describe('the build output', () => {
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Expects the files of two builds to be the same, byte for byte. */
  const expectSameFiles = (built: string, fresh: string) => {
    const builtFiles = filesOf(join(dir, `dist-${built}`));
    const freshFiles = filesOf(join(dir, `dist-${fresh}`));
    expect([...builtFiles.keys()]).toEqual([...freshFiles.keys()]);
    const differing = [...freshFiles].filter(
      ([path, bytes]) => !builtFiles.get(path)?.equals(bytes),
    );
    expect(differing.map(([path]) => path)).toEqual([]);
  };

  /**
   * Builds the content as it is now from nothing, and expects the rebuild's files to be its, and
   * its page list (the HTML hashes the publisher's gates trust) to be its and its files'.
   */
  const expectSameAsFresh = async (rebuilt: BuildReport) => {
    const fresh = await build('fresh', { workers: 3, cache: false });
    const onDisk = [...rebuilt.htmlHashes.keys()].map((path) => {
      const file = path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
      return [path, htmlHash(readFileSync(join(dir, 'dist-rebuilt', file)))];
    });
    expect(rebuilt.htmlHashes.size).toBe(rebuilt.pages);
    expect([...rebuilt.htmlHashes]).toEqual(onDisk);
    expect([...rebuilt.htmlHashes]).toEqual([...fresh.htmlHashes]);
    const freshFiles = filesOf(join(dir, 'dist-fresh'));
    // Pages, page-data, their compressed copies, the Pagefind indexes, assets, the worker.
    expect(freshFiles.size).toBeGreaterThan(1000);
    // The image was encoded again, to the same bytes (sharp's output is deterministic).
    expect(fresh.imagesEncoded).toBe(1);
    const mediaFiles = [...freshFiles.keys()].filter((path) => path.startsWith('media/'));
    expect(mediaFiles.map((path) => path.replace(/-[0-9a-f]{10}-/, '-HASH-'))).toEqual(
      ['1440.jpg', '1440.webp', '480.jpg', '480.webp', '960.jpg', '960.webp'].map(
        (end) => `media/central-desk-HASH-${end}`,
      ),
    );
    // Every file worth compressing has its copies, whoever wrote it (feeds, calendars and
    // page-data are compressed as they are written, the rest after): the pages' HTML and
    // page-data a gzip copy alone, every other file a brotli one too (Copies, precompress.ts).
    const compressible = [...freshFiles.keys()].filter(
      (path) => COMPRESSIBLE.test(path) && (freshFiles.get(path)?.length ?? 0) >= MIN_BYTES,
    );
    const isPageFile = (path: string) =>
      (path.endsWith('index.html') && !path.startsWith('admin/')) ||
      /^page-data\/.+\/page-data\.json$/.test(path);
    expect(compressible.filter(isPageFile).length).toBeGreaterThan(500);
    expect(compressible.filter((path) => !freshFiles.has(`${path}.gz`))).toEqual([]);
    expect(
      compressible.filter((path) => freshFiles.has(`${path}.br`) === isPageFile(path)),
    ).toEqual([]);
    expectSameFiles('rebuilt', 'fresh');
  };

  it('is the same, byte for byte, after a cached rebuild as after a build from nothing', async () => {
    rmSync(dir, { recursive: true, force: true });
    cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
    // A page shows an image of the media folder (made here: content/ has none).
    mkdirSync(join(dir, 'content/media'));
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2b5d8a' } })
      .jpeg()
      .toFile(join(dir, 'content/media/central-desk.jpg'));
    const page = join(dir, 'content/pages/central-desk.en.md');
    writeFileSync(
      page,
      `${readFileSync(page, 'utf8').trimEnd()}\n\n![The central desk's entrance](/media/central-desk.jpg)\n`,
    );
    const first = await build('rebuilt', { workers: 1, cache: false });
    expect([first.pagesKept, first.searchIndexesKept, first.bundlesKept]).toEqual([0, 0, false]);
    expect(first.imagesEncoded).toBe(1);
    expect(readFileSync(join(dir, 'dist-rebuilt/en/central-desk/index.html'), 'utf8')).toMatch(
      /<img src="\/media\/central-desk-[0-9a-f]{10}-960\.jpg" srcset="[^"]+ 480w, [^"]+ 960w, [^"]+ 1440w" sizes="[^"]+" width="1440" height="810" alt="The central desk&#x27;s entrance" loading="lazy" decoding="async">/,
    );

    // An editor changes one English news item: the other languages' search indexes are kept.
    const edited = join(dir, 'content/news/brussels-trial-sentences-2023.en.md');
    writeFileSync(edited, `${readFileSync(edited, 'utf8').trimEnd()}\n\nThis item was updated.\n`);
    const afterEdit = await build('rebuilt', { workers: 3 });
    expect(afterEdit.bundlesKept).toBe(true);
    expect(afterEdit.imagesEncoded).toBe(0);
    expect(afterEdit.searchIndexesKept).toBe(3);
    // The English index took its unchanged pages from the searchable cache of the first build.
    expect(afterEdit.searchableFromCache).toBeGreaterThan(50);
    // Most pages are kept; the item, the English news lists and its neighbours are not.
    expect(afterEdit.pagesKept).toBeGreaterThan(first.pages * 0.9);
    expect(afterEdit.pagesKept).toBeLessThan(first.pages);
    await expectSameAsFresh(afterEdit);

    // Then removes another item in its four languages: its pages and files go. And replaces the
    // image: the page that shows it (whose Markdown did not change) names the new versions.
    for (const language of ['nl', 'fr', 'de', 'en'])
      rmSync(join(dir, `content/news/central-desk-it-funding-2023.${language}.md`));
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#8a2b5d' } })
      .jpeg()
      .toFile(join(dir, 'content/media/central-desk.jpg'));
    const afterRemoval = await build('rebuilt', { workers: 2 });
    expect(afterRemoval.pages).toBe(first.pages - 4);
    expect(afterRemoval.imagesEncoded).toBe(1);
    expect(afterRemoval.searchIndexesKept).toBe(0);
    await expectSameAsFresh(afterRemoval);
    const english = readFileSync(join(dir, 'dist-rebuilt/en/news/index.html'), 'utf8');
    expect(english).not.toContain('money-for-central-desk-it-system');

    // A build without the cache into the same folder writes every page over its last file
    // (keepOnly: the inode stays) and removes what no route has.
    const firstSteps = join(dir, 'dist-rebuilt/en/first-steps/index.html');
    const inode = statSync(firstSteps).ino;
    mkdirSync(join(dir, 'dist-rebuilt/en/gone'));
    writeFileSync(join(dir, 'dist-rebuilt/en/gone/index.html'), '<p>a page no route has</p>');
    const again = await build('rebuilt', { workers: 2, cache: false });
    expect(again.pagesKept).toBe(0);
    expect(statSync(firstSteps).ino).toBe(inode);
    await expectSameAsFresh(again);
  }, 300_000);

  it("writes a language's search index in parts; a rebuild writes again only the parts that changed", async () => {
    rmSync(dir, { recursive: true, force: true });
    cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
    const first = await build('parts', { workers: 2, cache: false, searchIndexPartPages: 20 });
    const englishParts = readdirSync(join(dir, 'dist-parts/pagefind'))
      .filter((name) => /^en(-\d+)?$/.test(name))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    const pageData = JSON.parse(
      readFileSync(join(dir, 'dist-parts/page-data/en/search/page-data.json'), 'utf8'),
    ) as { result: { data: { searchIndexes: string[] } } };
    // The search page names the parts on disk, in order.
    expect(pageData.result.data.searchIndexes).toEqual(englishParts);
    expect(englishParts.length).toBeGreaterThanOrEqual(3);
    const pagesIn = (part: string) =>
      (
        JSON.parse(
          readFileSync(join(dir, `dist-parts/pagefind/${part}/pagefind-entry.json`), 'utf8'),
        ) as { languages: Record<string, { page_count: number }> }
      ).languages.en?.page_count ?? 0;
    const counts = englishParts.map(pagesIn);
    expect(Math.max(...counts)).toBeLessThanOrEqual(20);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    const partsOnDisk = readdirSync(join(dir, 'dist-parts/pagefind')).length;
    expect(first.searchIndexesKept).toBe(0);

    // One English news item changes (its list pages show only its summary): its part is
    // written again, the others are kept; the files are those of a build from nothing.
    const edited = join(dir, 'content/news/brussels-trial-sentences-2023.en.md');
    writeFileSync(edited, `${readFileSync(edited, 'utf8').trimEnd()}\n\nThis item was updated.\n`);
    const afterEdit = await build('parts', { workers: 2, searchIndexPartPages: 20 });
    expect(afterEdit.pagesKept).toBe(first.pages - 1);
    expect(afterEdit.searchIndexesKept).toBe(partsOnDisk - 1);
    await build('parts-fresh', { workers: 1, cache: false, searchIndexPartPages: 20 });
    expectSameFiles('parts', 'parts-fresh');

    // With parts of the default size, each language has one again: the other folders go.
    const whole = await build('parts', { workers: 2 });
    expect(whole.searchIndexesKept).toBe(0);
    expect(readdirSync(join(dir, 'dist-parts/pagefind')).sort()).toEqual(['de', 'en', 'fr', 'nl']);
  }, 300_000);

  it('is the same when the items are parsed aside and their bodies stored on disk, as for a large site', async () => {
    rmSync(dir, { recursive: true, force: true });
    cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
    const bodies = join(dir, 'cache-aside/bodies');
    // Every item is parsed in a worker thread, its body stored aside (body-store.ts).
    const first = await build('aside', { workers: 2, cache: false, parseAsideFrom: 1 });
    const firstFiles = readdirSync(bodies).sort();
    expect(firstFiles).toHaveLength(2);
    await build('aside-fresh', { workers: 1, cache: false });
    expectSameFiles('aside', 'aside-fresh');

    // A rebuild keeps the stored items (their bodies read back from the same files), and parses
    // the edited one in the build's thread.
    const edited = join(dir, 'content/news/brussels-trial-sentences-2023.en.md');
    writeFileSync(edited, `${readFileSync(edited, 'utf8').trimEnd()}\n\nThis item was updated.\n`);
    const afterEdit = await build('aside', { workers: 2, parseAsideFrom: 1 });
    expect(afterEdit.pagesKept).toBeGreaterThan(first.pages * 0.9);
    expect(readdirSync(bodies).sort()).toEqual(firstFiles);
    await build('aside-fresh', { workers: 1, cache: false });
    expectSameFiles('aside', 'aside-fresh');

    // One body file lost: the items are parsed again, their bodies go to new files, and the
    // old one left is removed.
    rmSync(join(bodies, firstFiles[0] ?? ''));
    await build('aside', { workers: 2, parseAsideFrom: 1 });
    const again = readdirSync(bodies);
    expect(again).toHaveLength(2);
    expect(again.filter((file) => firstFiles.includes(file))).toEqual([]);
    expectSameFiles('aside', 'aside-fresh');
  }, 300_000);
});
