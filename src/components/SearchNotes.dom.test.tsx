// What the search page says about how it searched, in each language: the exact sentences, and
// "Did you mean …?" as a link to that search.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocaleId } from '../i18n/locales.ts';
import type { SiteSearchResult } from '../runtime/search/site-search.ts';
import { createStaticRouter } from '../runtime/router.ts';
import { ChromeProvider } from './Chrome.tsx';
import { RouterProvider } from './router/RouterProvider.tsx';
import { SearchNotes } from './SearchNotes.tsx';
import { testChrome } from './testing/test-chrome.ts';

const result: SiteSearchResult = {
  hits: [],
  closest: [],
  corrections: [{ typed: 'psycologist', used: 'psychologist' }],
  leftOut: ['zebra', 'xylophone'],
  suggestion: 'insurance cover',
};

/** The notes' sentences and the address of their link. */
function notes(language: LocaleId): { texts: string[]; href: string | null } {
  const { container } = render(
    <RouterProvider router={createStaticRouter(`/${language}/search`, null)}>
      <ChromeProvider chrome={testChrome(language)}>
        <SearchNotes result={result} language={language} />
      </ChromeProvider>
    </RouterProvider>,
  );
  return {
    texts: [...container.querySelectorAll('p')].map((p) => p.textContent),
    href: container.querySelector('a')?.getAttribute('href') ?? null,
  };
}

describe('SearchNotes', () => {
  afterEach(cleanup);

  it.each([
    [
      'en',
      'No page contains “psycologist”. These are the results for “psychologist”.',
      'No page contains all of your words. These results leave out “zebra” and “xylophone”.',
      'Did you mean “insurance cover”?',
    ],
    [
      'nl',
      'Geen enkele pagina bevat “psycologist”. Dit zijn de resultaten voor “psychologist”.',
      'Geen enkele pagina bevat al uw woorden. Deze resultaten laten “zebra” en “xylophone” weg.',
      'Bedoelde u “insurance cover”?',
    ],
    [
      'fr',
      // French typography (src/i18n/typography.ts): narrow no-break spaces inside « » and before ?.
      'Aucune page ne contient «\u202fpsycologist\u202f». Voici les résultats pour «\u202fpsychologist\u202f».',
      'Aucune page ne contient tous vos mots. Ces résultats laissent de côté «\u202fzebra\u202f» et «\u202fxylophone\u202f».',
      'Vouliez-vous dire «\u202finsurance cover\u202f»\u202f?',
    ],
    [
      'de',
      'Keine Seite enthält „psycologist“. Hier sind die Ergebnisse für „psychologist“.',
      'Keine Seite enthält alle Ihre Wörter. Diese Ergebnisse lassen „zebra“ und „xylophone“ weg.',
      'Meinten Sie „insurance cover“?',
    ],
  ] as const)(
    '%s: says what it corrected and left out, and offers the closer query',
    (lang, ...texts) => {
      expect(notes(lang)).toEqual({ texts, href: `/${lang}/search?q=insurance%20cover` });
    },
  );
});
