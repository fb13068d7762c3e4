// The output folder's files, listed folder by folder side by side.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, listFilesAside } from './list-files.ts';

describe('listFiles', () => {
  it.each([
    ['listFiles', listFiles],
    ['listFilesAside', listFilesAside],
  ])('%s lists every file under a folder, at any depth, and no folder', async (_, listFiles) => {
    const dir = mkdtempSync(join(tmpdir(), 'guichet-list-'));
    try {
      mkdirSync(join(dir, 'en/news/item'), { recursive: true });
      mkdirSync(join(dir, 'empty'));
      for (const file of [
        'index.html',
        'en/index.html',
        'en/news/rss.xml',
        'en/news/item/index.html',
      ])
        writeFileSync(join(dir, file), file);
      expect((await listFiles(dir)).sort()).toEqual(
        ['en/index.html', 'en/news/item/index.html', 'en/news/rss.xml', 'index.html'].map((file) =>
          join(dir, file),
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists nothing for a folder that does not exist', async () => {
    expect(await listFiles(join(tmpdir(), 'guichet-no-such-folder'))).toEqual([]);
    expect(await listFilesAside(join(tmpdir(), 'guichet-no-such-folder'))).toEqual([]);
  });

  it.each([
    ['listFiles', listFiles],
    ['listFilesAside', listFilesAside],
  ])('%s leaves out the folders it is told to skip', async (_, listFiles) => {
    const dir = mkdtempSync(join(tmpdir(), 'guichet-list-'));
    try {
      mkdirSync(join(dir, 'en/news'), { recursive: true });
      mkdirSync(join(dir, 'assets'));
      for (const file of ['sw.js', 'en/news/rss.xml', 'assets/app.js'])
        writeFileSync(join(dir, file), file);
      expect((await listFiles(dir, new Set([join(dir, 'en')]))).sort()).toEqual(
        ['assets/app.js', 'sw.js'].map((file) => join(dir, file)),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
