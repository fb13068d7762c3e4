// The whole loop of issue 41, each person in their own browser and language: a visitor writes
// in Dutch without giving any contact details and keeps the follow-up code; a member of the desk,
// in German, answers on the follow-up page from the back office; the visitor reads the answer
// with the code and writes back; the member sees the case reopened at the top of the inbox.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { STAFF_PORT } from '../../playwright.config.ts';
import { waitForHydration } from './helpers.ts';

const STAFF = `http://localhost:${String(STAFF_PORT)}`;
// The browser solves a proof of work before it sends: on a busy two-core machine, seconds.
const PROOF_OF_WORK = { timeout: 30_000 };

/** `npm run staff -- invite` against the test server's database; the link it prints. */
function invite(email: string, lang: string): string {
  const output = execFileSync(
    process.execPath,
    ['server/staff-cli.ts', 'invite', '--email', email, '--role', 'agent', '--lang', lang],
    {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'sqlite:.cache/e2e/site.db', STAFF_ORIGIN: STAFF },
    },
  );
  const link = /^http\S+#token=\S+$/m.exec(output)?.[0];
  if (!link) throw new Error(`no invitation link in: ${output}`);
  return link;
}

/** A platform authenticator that holds passkeys and says yes at once. */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Opens the follow-up page's conversation with the reference and the code. */
async function openConversation(page: Page, reference: string, code: string) {
  await page.goto('/nl/opvolging');
  await waitForHydration(page);
  await page.getByLabel('Referentie').fill(reference);
  await page.getByLabel('Opvolgingscode').fill(code);
  await page.getByRole('button', { name: 'Openen' }).click();
  await expect(page.getByRole('heading', { name: `Uw gesprek ${reference}` })).toBeFocused(
    PROOF_OF_WORK,
  );
}

test('a visitor without contact details reads the desk’s answer with the code, writes back, and the desk sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const marker = `Vraag ${randomBytes(4).toString('hex')}`;

  // The visitor, in Dutch, gives no name, no address, no phone.
  await page.goto('/nl/contacten');
  await waitForHydration(page);
  const form = page.getByRole('region', { name: 'Stel ons uw vraag' });
  await form.getByLabel('Waarover gaat uw vraag?').selectOption('medical-costs');
  await form.getByRole('textbox', { name: 'Uw vraag', exact: true }).fill(marker);
  await form.getByRole('radio', { name: 'Ik heb geen antwoord nodig' }).check();
  await form.getByRole('checkbox', { name: /Ik ga ermee akkoord/ }).check();
  await form.getByRole('button', { name: 'Verder' }).click();
  await form.getByRole('button', { name: 'Bericht verzenden' }).click();
  await expect(form.getByRole('heading', { name: 'Uw opvolgingscode' })).toBeVisible(PROOF_OF_WORK);
  const card = form.locator('.form-code__card dd');
  const reference = (await card.nth(0).textContent()) ?? '';
  const code = (await card.nth(1).textContent()) ?? '';
  expect(code).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);

  // A member of the desk, in German, in a browser of their own.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const desk = await context.newPage();
  await addAuthenticator(desk);
  const name = `Greta ${randomBytes(3).toString('hex')}`;
  await desk.goto(invite(`greta-${randomBytes(4).toString('hex')}@example.be`, 'de'));
  await desk.getByLabel(/^Ihr Name/).fill(name);
  await desk.getByRole('button', { name: 'Meinen Passkey erstellen' }).click();
  await expect(desk).toHaveURL(`${STAFF}/staff`);
  await desk.goto(`${STAFF}/staff/submissions/${reference}`);
  await expect(
    desk.getByText(
      'Die Person hat auf Niederländisch geschrieben: Antworten Sie nach Möglichkeit in dieser Sprache.',
    ),
  ).toHaveCount(1);
  const answer = `Beste, de Commissie voor financiële hulp betaalt de kosten terug (${marker}).`;
  await desk.getByLabel('Ihre Antwort').fill(answer);
  await desk
    .getByRole('radio', {
      name: 'Auf der Seite zur Nachverfolgung (die Person liest sie mit ihrem Code)',
    })
    .check();
  await desk.getByRole('button', { name: 'Antwort speichern' }).click();
  await desk.waitForURL(/\?done=answer-saved$/);
  await expect(
    desk.getByText('Die Antwort ist gespeichert, der Status ist „Beantwortet“.'),
  ).toHaveCount(1);

  // The visitor reads it with the code alone, and writes back.
  await openConversation(page, reference, code);
  await expect(page.getByText(/^Stand van zaken: /)).toHaveText('Stand van zaken: beantwoord');
  await expect(page.locator('.follow-up__text')).toHaveText([marker, answer]);
  await page.getByRole('textbox', { name: 'Uw bericht' }).fill(`${marker}: dank u, nog een vraag`);
  await page.getByRole('button', { name: 'Bericht verzenden' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Uw bericht is verzonden.' }),
  ).toHaveCount(1);
  await expect(page.getByText(/^Stand van zaken: /)).toHaveText('Stand van zaken: in behandeling');

  // The desk sees the case reopened, among the replies at the top of the inbox (other tests'
  // visitors may write back at the same time), with the reply on its page.
  await desk.goto(`${STAFF}/staff`);
  const rows = await desk.locator('tbody tr').allTextContents();
  const position = rows.findIndex((row) => row.includes(reference));
  expect(position).toBeGreaterThanOrEqual(0);
  for (const row of rows.slice(0, position + 1)) expect(row).toContain('Hat geantwortet');
  await desk.getByRole('link', { name: reference }).click();
  await expect(desk.locator('.wrote-back')).toHaveText(/^Die Person hat am .+ geantwortet\.$/);
  await expect(desk.locator('.conversation .notes__text')).toHaveText([
    answer,
    `${marker}: dank u, nog een vraag`,
  ]);
  await context.close();
});
