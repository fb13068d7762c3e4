// The output folder's files, listed folder by folder side by side.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from './list-files.ts';

describe('listFiles', () => {
  it('lists every file under a folder, at any depth, and no folder', async () => {
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
  });
});
