// A search index rebuilt after an edit replaces the last one file by file: what did not change is
// not written again, what changed loses its stale compressed copies, what is gone is removed.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from './list-files.ts';
import { syncFolder } from './sync-folder.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('syncFolder', () => {
  it('writes only new and changed files and removes the rest with stale copies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guichet-sync-'));
    try {
      mkdirSync(join(dir, 'fragment'));
      const old = new Date('2026-01-01T00:00:00Z');
      const existing = {
        'pagefind.js': 'same',
        'pagefind.js.br': 'same, compressed',
        'pagefind-entry.json': 'old entry',
        'pagefind-entry.json.br': 'old entry, compressed',
        'pagefind-entry.json.gz': 'old entry, gzipped',
        'fragment/en_1.pf_fragment': 'gone',
        'fragment/en_1.pf_fragment.gz': 'gone, gzipped',
      };
      for (const [file, text] of Object.entries(existing)) {
        writeFileSync(join(dir, file), text);
        utimesSync(join(dir, file), old, old);
      }
      await syncFolder(dir, [
        { path: 'pagefind.js', content: bytes('same') },
        { path: 'pagefind-entry.json', content: bytes('new entry') },
        { path: 'fragment/en_2.pf_fragment', content: bytes('new') },
        { path: 'index/en_3.pf_index', content: bytes('new folder') },
      ]);
      expect((await listFiles(dir)).map((file) => file.slice(dir.length + 1)).sort()).toEqual([
        'fragment/en_2.pf_fragment',
        'index/en_3.pf_index',
        'pagefind-entry.json',
        'pagefind.js',
        'pagefind.js.br',
      ]);
      expect(readFileSync(join(dir, 'pagefind-entry.json'), 'utf8')).toBe('new entry');
      expect(readFileSync(join(dir, 'index/en_3.pf_index'), 'utf8')).toBe('new folder');
      // The unchanged file and its copy were not touched.
      expect(statSync(join(dir, 'pagefind.js')).mtime).toEqual(old);
      expect(readFileSync(join(dir, 'pagefind.js.br'), 'utf8')).toBe('same, compressed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
