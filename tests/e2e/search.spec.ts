// Search with Pagefind in every language: the required term, counts in their plural forms, the
// expected first hit, more results, and a query that lives in the URL.
import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_ORIGIN, FIXTURE_SEARCH_PART_PAGES } from './fixtures/listing-content.ts';
import { titleOf } from './helpers.ts';

const LANGUAGES = {
  en: {
    required: 'Please enter a query to search',
    nothing: 'xylophone',
    none: 'No results for “xylophone”',
    one: '1 result for “wcag”',
    cookie: 'Cookie policy',
    cookies: '4 results for “cookie”',
    field: 'Search this site',
  },
  nl: {
    required: 'Gelieve een zoekterm op te geven om te zoeken',
    nothing: 'xylofoon',
    none: 'Geen resultaten voor “xylofoon”',
    one: '1 resultaat voor “wcag”',
    cookie: 'Cookiebeleid',
    cookies: '4 resultaten voor “cookie”',
    field: 'Zoeken op deze website',
  },
  fr: {
    required: 'Veuillez saisir un terme de recherche pour lancer la recherche',
    nothing: 'xylophone',
    none: 'Aucun résultat pour « xylophone »',
    one: '1 résultat pour « wcag »',
    cookie: 'Politique en matière de cookies',
    cookies: '4 résultats pour « cookie »',
    field: 'Rechercher sur ce site',
  },
  de: {
    required: 'Bitte geben Sie eine Suchanfrage ein, um zu suchen',
    nothing: 'Xylophon',
    none: 'Keine Ergebnisse für „Xylophon“',
    one: '1 Ergebnis für „wcag“',
    cookie: 'Cookie-Richtlinie',
    cookies: '4 Ergebnisse für „cookie“',
    field: 'Diese Website durchsuchen',
  },
} as const;

/** The requests for Pagefind's files, as paths with their query. */
function indexRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/pagefind/')) requests.push(url.pathname + url.search);
  });
  return requests;
}

for (const [lang, texts] of Object.entries(LANGUAGES)) {
  test.describe(`search in ${lang}`, () => {
    test('an empty query shows the required message on the field and runs no search', async ({
      page,
    }) => {
      const requests = indexRequests(page);
      await page.goto(`/${lang}/search?q=`);
      const field = page.getByRole('main').getByRole('searchbox', { name: texts.field });
      await expect(page.getByRole('alert')).toHaveText(texts.required);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const describedBy = await field.getAttribute('aria-describedby');
      await expect(page.locator(`#${describedBy ?? 'none'}`)).toHaveText(texts.required);
      await page.getByRole('main').getByRole('button').click();
      await expect(page.getByRole('alert')).toHaveText(texts.required);
      // Only what the search page preloads with its document (Pagefind's module, entry and
      // WebAssembly): no index chunk, no page of the index.
      const buildHash = await page.locator('meta[name="build-hash"]').getAttribute('content');
      expect(requests.sort()).toEqual([
        `/pagefind/${lang}/pagefind-entry.json?ts=${buildHash ?? ''}`,
        `/pagefind/${lang}/pagefind.js`,
        `/pagefind/${lang}/wasm.${lang}.pagefind`,
      ]);
    });

    test('a known word finds the expected page first, with the exact count', async ({ page }) => {
      await page.goto(`/${lang}/search?q=cookie`);
      await expect(page.getByTestId('search-status')).toHaveText(texts.cookies);
      await expect(page.locator('.search-results__title').first()).toHaveText(texts.cookie);
      // Cookies, privacy, accessibility and Staying safe online (issue 43) speak of cookies.
      await expect(page.locator('.search-results__item')).toHaveCount(4);
    });

    test('a word with one hit uses the singular, a word with none the zero form', async ({
      page,
    }) => {
      await page.goto(`/${lang}/search?q=wcag`);
      await expect(page.getByTestId('search-status')).toHaveText(texts.one);
      await expect(page.locator('.search-results__item')).toHaveCount(1);
      await page.getByRole('main').getByRole('searchbox').fill(texts.nothing);
      await page.getByRole('main').getByRole('searchbox').press('Enter');
      await expect(page.getByTestId('search-status')).toHaveText(texts.none);
      await expect(page.locator('.search-results__item')).toHaveCount(0);
    });
  });
}

test('the header search form leads to the results page with the query in the URL', async ({
  page,
}) => {
  await page.goto('/en/first-steps');
  await page
    .getByRole('banner')
    .getByRole('searchbox', { name: 'Search this site' })
    .fill('cookie');
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/en/search?q=cookie');
  await expect(page.getByTestId('search-status')).toHaveText('4 results for “cookie”');
  // Reached in the app, the results page still asks search engines not to index it.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('the query survives a reload and comes back with the back button', async ({ page }) => {
  await page.goto('/nl/search?q=cookie');
  await expect(page.getByTestId('search-status')).toHaveText('4 resultaten voor “cookie”');
  await page.reload();
  await expect(page.getByTestId('search-status')).toHaveText('4 resultaten voor “cookie”');
  await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue('cookie');
  await page.locator('.search-results__title a').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('/nl/cookiebeleid'));
  await page.goBack();
  await expect(page).toHaveURL('/nl/search?q=cookie');
  await expect(page.getByTestId('search-status')).toHaveText('4 resultaten voor “cookie”');
});

test('more than ten hits come ten at a time; "show more" adds the rest and moves focus to them', async ({
  page,
}) => {
  await page.goto('/en/search?q=solidarity');
  const status = page.getByTestId('search-status');
  await expect(status).toHaveText(/^\d+ results for “solidarity”$/);
  const count = Number((await status.textContent())?.split(' ')[0]);
  expect(count).toBeGreaterThan(10);
  await expect(page.locator('.search-results__item')).toHaveCount(10);
  await page.getByRole('button', { name: 'Show more results' }).click();
  await expect(page.locator('.search-results__item')).toHaveCount(Math.min(count, 20));
  await expect(page.locator('.search-results__item').nth(10).getByRole('link')).toBeFocused();
});

test('only pages of the current language are found', async ({ page }) => {
  await page.goto('/de/search?q=cookie');
  await expect(page.getByTestId('search-status')).toHaveText('4 Ergebnisse für „cookie“');
  for (const href of await page
    .locator('.search-results__title a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
    expect(href).toMatch(/^\/de\//);
  }
});

test('accents are folded: "securite" finds "sécurité"', async ({ page }) => {
  await page.goto('/fr/search?q=securite');
  await expect(page.locator('.search-results__excerpt mark').first()).toHaveText(/sécurité/);
});

test('a news result shows its section and its date as readers write it, not the raw metadata', async ({
  page,
}) => {
  const cases = [
    {
      url: '/en/search?q=jury',
      title: 'Jury chosen for the trial of the attacks of 22 March 2016',
      meta: 'News · 30 November 2022',
    },
    {
      url: '/fr/search?q=jury',
      title: 'Le jury est constitué pour le procès des attentats du 22 mars 2016',
      meta: 'Actualités · 30 novembre 2022',
    },
  ];
  for (const { url, title, meta } of cases) {
    await page.goto(url);
    const hit = page.locator('.search-results__item').filter({
      has: page.getByRole('link', { name: title, exact: true }),
    });
    await expect(hit.locator('.search-results__meta')).toHaveText(meta);
    // No result on the page shows Pagefind's "key:value" syntax.
    await expect(page.locator('.search-results__meta', { hasText: 'date:' })).toHaveCount(0);
  }
});

test('on a site whose index is in parts, a search finds what each part finds, in one list', async ({
  page,
}) => {
  // Each part searched alone, from a page that has not loaded Pagefind (one module per part).
  await page.goto(`${FIXTURE_ORIGIN}/en`);
  const parts = await page.evaluate(async () => {
    const response = await fetch('/page-data/en/search/page-data.json');
    const pageData = (await response.json()) as { result: { data: { searchIndexes: string[] } } };
    return pageData.result.data.searchIndexes;
  });
  expect(parts.slice(0, 2)).toEqual(['en', 'en-2']);
  const found = await page.evaluate(
    async (parts) =>
      Promise.all(
        parts.map(async (part) => {
          const pagefind = (await import(`/pagefind/${part}/pagefind.js`)) as {
            search: (term: string) => Promise<{ results: unknown[] }>;
          };
          return (await pagefind.search('victims')).results.length;
        }),
      ),
    parts,
  );
  const pages = await page.evaluate(async (parts) => {
    const counts = await Promise.all(
      parts.map(async (part) => {
        const entry = (await (await fetch(`/pagefind/${part}/pagefind-entry.json`)).json()) as {
          languages: { en: { page_count: number } };
        };
        return entry.languages.en.page_count;
      }),
    );
    return counts;
  }, parts);
  expect(Math.max(...pages)).toBeLessThanOrEqual(FIXTURE_SEARCH_PART_PAGES);
  // The word is in pages of several parts.
  expect(found.filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);
  const total = found.reduce((sum, count) => sum + count, 0);

  await page.goto(`${FIXTURE_ORIGIN}/en/search?q=victims`);
  await expect(page.getByTestId('search-status')).toHaveText(
    `${String(total)} results for “victims”`,
  );
  await expect(page.locator('.search-results__item')).toHaveCount(Math.min(total, 10));
});

test('a misspelled word: the page says which word it searched instead, and finds its page first', async ({
  page,
}) => {
  await page.goto('/en/search?q=psycologist');
  await expect(page.getByTestId('search-status')).toHaveText(/^\d+ results for “psychologist”$/);
  await expect(page.getByRole('status')).toContainText(
    'No page contains “psycologist”. These are the results for “psychologist”.',
  );
  await expect(page.locator('.search-results__title').first()).toHaveText(
    'Psychological and social help',
  );
});

test("a reader's question and a name of the site's other languages find their page first", async ({
  page,
}) => {
  // The pages say "époux", "partenaire", "décédé": each of these four answers the question.
  await page.goto(`/fr/search?q=${encodeURIComponent("mon mari est mort dans l'attentat")}`);
  await expect(page.locator('.search-results__title').first()).toHaveText(
    /^(Premiers pas après un attentat terroriste|L’aide financière de l’État|Le statut de solidarité nationale|Pour les proches d’une victime)$/,
  );
  await page.goto('/nl/search?q=Maelbeek');
  await expect(page.locator('.search-results__title').first()).toHaveText(
    'Aanslagen in Brussel en Zaventem, 22 maart 2016',
  );
});

test('a search that finds little offers pages with some of the words, "What applies to me?" and the contacts', async ({
  page,
}) => {
  await page.goto('/en/search?q=wcag%20accessibility');
  await expect(page.getByTestId('search-status')).toHaveText('1 result for “wcag accessibility”');
  await expect(page.locator('.search-results__title').first()).toHaveText(
    'Accessibility statement',
  );
  const closest = page.getByRole('region', { name: 'Pages with some of your words' });
  await expect(closest.getByRole('heading', { level: 3 }).first()).toBeVisible();
  const help = page.getByRole('region', { name: 'Didn’t find what you need?' });
  await expect(help.getByRole('link')).toHaveText(['What applies to me?', 'Contacts']);
  await help.getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL('/en/contacts');
  // And so does a search that finds nothing.
  await page.goto('/de/search?q=Xylophon');
  await expect(page.getByTestId('search-status')).toHaveText('Keine Ergebnisse für „Xylophon“');
  await expect(
    page.getByRole('region', { name: 'Nicht gefunden, was Sie suchen?' }).getByRole('link'),
  ).toHaveText(['Was gilt für mich?', 'Kontakte']);
});

test("the header field's focus loads the index, so that the search needs only its chunks and pages", async ({
  page,
}) => {
  const requests = indexRequests(page);
  await page.goto('/en/first-steps');
  const field = page.getByRole('banner').getByRole('searchbox', { name: 'Search this site' });
  const wasm = page.waitForRequest((request) => request.url().endsWith('/wasm.en.pagefind'));
  await field.focus();
  await wasm;
  await expect.poll(() => requests.some((url) => url.endsWith('.pf_meta'))).toBe(true);
  const loaded = requests.length;
  await field.fill('insurance');
  await field.press('Enter');
  await expect(page.getByTestId('search-status')).toHaveText(/^\d+ results for “insurance”$/);
  const after = requests.slice(loaded);
  expect(after.filter((url) => !/\.(pf_index|pf_filter|pf_fragment)$/.test(url))).toEqual([]);
});

test('the results page fetches what its document preloaded once, not again for the search', async ({
  page,
}) => {
  const requests = indexRequests(page);
  await page.goto('/en/search?q=insurance');
  await expect(page.getByTestId('search-status')).toHaveText(/^\d+ results for “insurance”$/);
  const buildHash = await page.locator('meta[name="build-hash"]').getAttribute('content');
  for (const file of [
    '/pagefind/en/pagefind.js',
    `/pagefind/en/pagefind-entry.json?ts=${buildHash ?? ''}`,
    '/pagefind/en/wasm.en.pagefind',
  ])
    expect(
      requests.filter((url) => url === file),
      file,
    ).toHaveLength(1);
});
