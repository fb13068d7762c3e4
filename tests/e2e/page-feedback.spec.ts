// "Was this page useful?" at the end of a content page (issue #21): No opens "What was missing?"
// with its warning and sends through the forms API (nothing but the page and the answer, no
// cookie); Yes is sent at once; keyboard only; `npm run feedback -- report` counts the answers.
import { execFileSync } from 'node:child_process';
import { expect, test, type Request } from '@playwright/test';
import { siteAxe, waitForHydratedPart, waitForHydration } from './helpers.ts';

// The browser solves a proof of work before it sends: on a busy two-core machine, seconds.
const PROOF_OF_WORK = { timeout: 30_000 };

/** `npm run feedback -- report` on the test server's database: the row of one page. */
function reportRow(page: string): string[] | undefined {
  const output = execFileSync(process.execPath, ['server/feedback-cli.ts', 'report'], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: 'sqlite:.cache/e2e/site.db' },
  });
  return output
    .split('\n')
    .map((line) => line.trim().split(/\s{2,}/))
    .find((cells) => cells[0] === page);
}

/** The answers a page has in the report: yes, no, and said what was missing. */
const counts = (page: string) =>
  (reportRow(page) ?? [page, '', '0', '0', '0']).slice(2).map(Number);

test('No, then what was missing: sent with the page and nothing else, and counted', async ({
  page,
}) => {
  const path = '/fr/aide-financiere';
  const before = counts(path);
  await page.goto(path);
  await waitForHydration(page);
  const block = page.getByRole('region', { name: 'Cette page vous a-t-elle été utile ?' });
  await waitForHydratedPart(block);
  await block.getByRole('button', { name: 'Non', exact: true }).click();
  const field = block.getByRole('textbox', { name: 'Qu’est-ce qui manquait ? (facultatif)' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription(
    'N’écrivez ici ni votre nom ni d’autres données personnelles. Nous ne pouvons pas répondre ici. Vous avez une question ? Utilisez le formulaire de contact.',
  );
  const axe = await siteAxe(page).include('.page-feedback').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await field.fill('Le délai pour introduire la demande');
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/forms/')) requests.push(request);
  });
  await block.getByRole('button', { name: 'Envoyer' }).click();
  await expect(block.getByRole('status')).toHaveText(
    'Merci. Votre réponse nous aide à améliorer cette page.',
    PROOF_OF_WORK,
  );
  await expect(block.getByRole('status')).toBeFocused();
  expect(requests).toHaveLength(1);
  const [sent] = requests;
  expect(new URL(sent?.url() ?? '').pathname).toBe('/api/forms/feedback');
  expect(await sent?.headerValue('cookie')).toBeNull();
  const body = sent?.postDataJSON() as { lang: string; values: unknown; website: string };
  expect({ lang: body.lang, values: body.values, website: body.website }).toEqual({
    lang: 'fr',
    values: { page: path, useful: 'no', missing: 'Le délai pour introduire la demande' },
    website: '',
  });
  const after = counts(path);
  expect(after).toEqual([before[0], (before[1] ?? 0) + 1, (before[2] ?? 0) + 1]);
});

test('Yes, with the keyboard only, in English: sent at once, the thanks read out', async ({
  page,
}) => {
  const path = '/en/financial-aid';
  const before = counts(path);
  await page.goto(path);
  await waitForHydration(page);
  const block = page.getByRole('region', { name: 'Was this page useful?' });
  await waitForHydratedPart(block);
  const yes = block.getByRole('button', { name: 'Yes', exact: true });
  // Tab from the button before it, as a keyboard reader arrives.
  await yes.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(yes).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(block.getByRole('status')).toHaveText(
    'Thank you. Your answer helps us improve this page.',
    PROOF_OF_WORK,
  );
  await expect(block.getByRole('status')).toBeFocused();
  await expect(block.getByRole('button')).toHaveCount(0);
  expect(counts(path)).toEqual([(before[0] ?? 0) + 1, before[1], before[2]]);
});

test('the block is on content pages and news, not on a home page, in each language', async ({
  page,
}) => {
  for (const [path, title] of [
    ['/nl/financiele-hulp', 'Was deze pagina nuttig?'],
    ['/de/finanzielle-hilfe', 'War diese Seite hilfreich?'],
    ['/en/news/eu-centre-of-expertise-for-victims-of-terrorism', 'Was this page useful?'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('region', { name: title })).toHaveCount(1);
  }
  await page.goto('/en');
  await expect(page.locator('.page-feedback')).toHaveCount(0);
});
