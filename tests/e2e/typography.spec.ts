// Every built page in its language's typography (src/i18n/typography.ts), as readers get it: one
// apostrophe, the language's quotation marks, French narrow no-break spaces, phone numbers that do
// not wrap. A check over the files in dist/, text in other languages (a French source on an
// English page) checked in theirs; the spec's exact not-found texts keep their straight quotes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { textBlocks, typographyProblems } from '../../src/i18n/typography-check.ts';
import { builtRoutes, LANGUAGES } from './routes.ts';

const dist = join(import.meta.dirname, '../../dist');
const htmlOf = (path: string) =>
  readFileSync(join(dist, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`), 'utf8');

// Spec point 2 quotes these word for word, straight quotation marks included.
const SPEC_TEXTS = [
  /^The requested page ".*" could not be found\.$/,
  /^De opgevraagde pagina ".*" werd niet gevonden\.$/,
];

for (const language of LANGUAGES) {
  test(`the ${language} pages keep each language's typography`, () => {
    const routes = builtRoutes.filter((route) => route.language === language);
    expect(routes.length).toBeGreaterThan(20);
    const problems = routes.flatMap((route) =>
      textBlocks(htmlOf(route.path), language)
        .filter(({ text }) => !SPEC_TEXTS.some((spec) => spec.test(text.trim())))
        .flatMap(({ text, lang }) =>
          typographyProblems(text, lang).map((problem) => `${route.path} (${lang}): ${problem}`),
        ),
    );
    expect(problems).toEqual([]);
  });
}

test('the French guides have narrow no-break spaces that the renderer added, not the writers', () => {
  const html = htmlOf('/fr/premiers-pas');
  expect(html).toContain('Que faire dans les premières heures\u202f?</h2>');
  // The Markdown file has plain spaces: the renderer put the narrow ones there.
  const markdown = readFileSync(
    join(import.meta.dirname, '../../content/pages/first-steps.fr.md'),
    'utf8',
  );
  expect(markdown).toContain('## Que faire dans les premières heures ?');
});
