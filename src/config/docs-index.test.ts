// docs/decisions/README.md is the index of the ADRs: it must name every decision file, in order,
// with the title of its first line, so that a newcomer finds each decision from one page.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DECISIONS = join(import.meta.dirname, '../../docs/decisions');

/** The ADR files, in number order, with the number and title of their first line. */
function decisions(): { file: string; number: number; title: string }[] {
  return readdirSync(DECISIONS)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const first = readFileSync(join(DECISIONS, file), 'utf8').split('\n', 1)[0] ?? '';
      const heading = /^# (\d+)\. (.+)$/.exec(first);
      return { file, number: Number(heading?.[1]), title: heading?.[2] ?? first };
    });
}

describe('the index of decisions', () => {
  it('numbers the files 1, 2, 3… as their first lines do', () => {
    const all = decisions();
    expect(all.map(({ file }) => Number(file.slice(0, 4)))).toEqual(all.map((_, i) => i + 1));
    expect(all.map(({ number }) => number)).toEqual(all.map((_, i) => i + 1));
  });

  it('lists every decision, in order, linked with its title', () => {
    const index = readFileSync(join(DECISIONS, 'README.md'), 'utf8');
    const rows = [...index.matchAll(/^- (\d{4}) \[(.+)\]\((.+)\)$/gm)].map(
      ([, number, title, file]) => ({ file, number: Number(number), title }),
    );
    expect(rows).toEqual(decisions());
    expect(index).toContain('[TEMPLATE.md](TEMPLATE.md)');
  });
});

/** Files the docs name that are not in the repository on purpose. */
const NAMED_BUT_ABSENT = new Set([
  // Scratch scripts of past measurements, described where their figures are (not kept).
  'bench/out/memprof.ts',
  'bench/out/pf.ts',
  'bench/out/pf3.ts',
  'bench/out/rebuild-prof.ts',
  'bench/out/heapcheck.ts',
  // The CMS's upload folder: it exists once an editor uploads an image.
  'content/media/',
  // The file the back office's pages were split from (ADR 0027 tells that story).
  'server/staff/pages.ts',
]);

describe('the paths the docs name', () => {
  it('exist in the repository', () => {
    const root = join(import.meta.dirname, '../..');
    const docs = [
      'README.md',
      'content/CONTENT-FORMAT.md',
      ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.md'))
        .map((file) => `docs/${file}`),
    ];
    const missing = docs.flatMap((doc) =>
      [
        ...readFileSync(join(root, doc), 'utf8').matchAll(
          /`((?:src|server|tests|bench|deploy|docs|content|\.ci)\/[\w./-]*)`/g,
        ),
      ]
        .map(([, path = '']) => path)
        .filter((path) => !NAMED_BUT_ABSENT.has(path) && !existsSync(join(root, path)))
        .map((path) => `${doc}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
