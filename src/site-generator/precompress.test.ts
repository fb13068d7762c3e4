// Compressed copies of the files a build copies in: made once, then taken from the build cache
// while the bytes stay the same, and forgotten once no build uses them.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress, writeCompressed, writeCompressedChunks } from './precompress.ts';

let root: string;
let site: string;
let reuse: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'guichet-precompress-'));
  site = join(root, 'site');
  reuse = join(root, 'cache');
  mkdirSync(join(site, 'assets'), { recursive: true });
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const script = (word: string) => `export const words = ${JSON.stringify(word.repeat(200))};\n`;
const clearCopies = () => {
  for (const suffix of ['.br', '.gz']) rmSync(join(site, 'assets/app.js') + suffix);
};

describe('precompress with reuse', () => {
  it('compresses a file once, then copies its compressed copies while its bytes stay the same', async () => {
    writeFileSync(join(site, 'assets/app.js'), script('aide '));
    writeFileSync(join(site, 'small.txt'), 'too small to pay');
    await precompress(site, { reuse });
    const file = join(site, 'assets/app.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script('aide '));
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script('aide '));
    expect(readdirSync(site).sort()).toEqual(['assets', 'small.txt']);
    const kept = readdirSync(reuse).sort();
    expect(kept).toHaveLength(2);

    // The next build copies what the cache holds: a marked copy there comes out as it is.
    const cachedBrotli = join(reuse, kept.find((name) => name.endsWith('.br')) ?? '');
    writeFileSync(cachedBrotli, 'marked');
    clearCopies();
    await precompress(site, { reuse });
    expect(readFileSync(`${file}.br`, 'utf8')).toBe('marked');

    // Other bytes are compressed again, and the copies of the old bytes leave the cache.
    writeFileSync(file, script('hulp '));
    clearCopies();
    await precompress(site, { reuse });
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script('hulp '));
    expect(readdirSync(reuse)).toHaveLength(2);
    expect(readdirSync(reuse)).not.toContain(cachedBrotli.split('/').pop());
  });
});

describe("writeCompressed over the last build's file", () => {
  it("keeps the file's inode, and drops old copies the new bytes are too small to have", () => {
    const file = join(site, 'page-data/en/x/page-data.json');
    const large = JSON.stringify({ text: 'aide '.repeat(MIN_BYTES) });
    writeCompressed(site, 'page-data/en/x/page-data.json', large);
    expect(readdirSync(join(site, 'page-data/en/x')).sort()).toEqual([
      'page-data.json',
      'page-data.json.br',
      'page-data.json.gz',
    ]);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(large);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(large);
    const inode = statSync(file).ino;

    // Shorter bytes written over longer ones: nothing of the old bytes is left after them.
    const shorter = JSON.stringify({ text: 'hulp '.repeat(MIN_BYTES / 2) });
    writeCompressed(site, 'page-data/en/x/page-data.json', shorter);
    expect(readFileSync(file, 'utf8')).toBe(shorter);
    expect(readFileSync(`${file}.gz`)).toEqual(gzipSync(shorter, { level: 9 }));
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(shorter);

    writeCompressed(site, 'page-data/en/x/page-data.json', '{"text":"hulp"}');
    expect(readdirSync(join(site, 'page-data/en/x'))).toEqual(['page-data.json']);
    expect(readFileSync(file, 'utf8')).toBe('{"text":"hulp"}');
    // Written over, not removed and made again (see keepOnly in build-cache.ts).
    expect(statSync(file).ino).toBe(inode);
  });
});

describe('writeCompressedChunks', () => {
  it('writes a text that comes in chunks and its two copies, whole, in order', async () => {
    const chunks = Array.from(
      { length: 300 },
      (_, i) => `<url><loc>/en/page-${String(i)}</loc></url>\n`,
    );
    const text = chunks.join('');
    // A chunk as large as a stream's buffer, so that a write must wait for the streams to drain.
    const large = 'x'.repeat(64 * 1024 + 1);
    await writeCompressedChunks(site, 'sitemap-1.xml', [...chunks, large, 'end\n']);
    const file = join(site, 'sitemap-1.xml');
    const whole = `${text}${large}end\n`;
    expect(readFileSync(file, 'utf8')).toBe(whole);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(whole);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(whole);
  });

  it('gives a text shorter than MIN_BYTES no copies, and drops the copies it had', async () => {
    writeCompressed(site, 'sitemap.xml', 'aide '.repeat(MIN_BYTES));
    await writeCompressedChunks(site, 'sitemap.xml', ['<sitemapindex>', '</sitemapindex>\n']);
    expect(readdirSync(site).sort()).toEqual(['assets', 'sitemap.xml']);
    expect(readFileSync(join(site, 'sitemap.xml'), 'utf8')).toBe('<sitemapindex></sitemapindex>\n');
  });
});
