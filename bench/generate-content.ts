// Generates a content folder with N extra pages (spread over the four languages) on top of the
// real content, to measure how the build grows.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCALE_IDS } from '../src/i18n/locales.ts';

const paragraph = (i: number, n: number) =>
  `This is paragraph ${n} of generated page ${i}. It has about as many words as a paragraph of the real guides, ` +
  `with a [link to the contacts](/en/contacts) and **some bold text**, so the Markdown renderer does real work.`;

const body = (i: number) =>
  [
    ':::callout What to do now',
    `- First step for page ${i}.`,
    '- Second step, with a [link](/en/first-steps).',
    ':::',
    ...Array.from({ length: 6 }, (_, section) =>
      [`## Question ${section + 1} of page ${i}?`, paragraph(i, 1), paragraph(i, 2)].join('\n\n'),
    ),
    ':::accordion A longer answer',
    paragraph(i, 3),
    ':::',
  ].join('\n\n');

/** Copies `baseDir` to `outDir` and adds `count` generated pages. */
export async function generateContent(
  baseDir: string,
  outDir: string,
  count: number,
): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await cp(baseDir, outDir, { recursive: true });
  // Written a thousand at a time: 64,000 open files at once exceed the usual limit (EMFILE).
  for (let start = 0; start < count; start += 1000) {
    const writes: Promise<void>[] = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      const lang = LOCALE_IDS[i % LOCALE_IDS.length] ?? 'en';
      const key = `generated-${Math.floor(i / LOCALE_IDS.length)}`;
      const front = `---\ntitle: Generated page ${i}\npath: /${lang}/generated/${i}\nsummary: A generated page for the build benchmark.\nupdated: 2026-11-20\n---\n`;
      writes.push(writeFile(join(outDir, 'pages', `${key}.${lang}.md`), front + body(i)));
    }
    await Promise.all(writes);
  }
}
