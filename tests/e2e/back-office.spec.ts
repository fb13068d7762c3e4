// The desk's back office (issue #16), in Chromium with a virtual authenticator (the DevTools
// WebAuthn domain): invitation → passkey enrolment → the submission a reader made on the public
// form a moment before → its attachment → take it, answer it, a note → sign out → sign in.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { WCAG_22_AA, waitForHydration } from './helpers.ts';
import { addAuthenticator, invite, STAFF } from './staff-access.ts';

// The browser solves a proof of work before it sends: on a busy two-core machine, seconds.
const PROOF_OF_WORK = { timeout: 30_000 };

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

/** A reader sends the English contact form with a note; its reference number. */
async function submitOnPublicForm(page: Page, marker: string): Promise<string> {
  await page.goto('/en/contacts');
  await waitForHydration(page);
  const form = page.getByRole('region', { name: 'Ask us your question' });
  await form.getByLabel('What is your question about?').selectOption('insurance');
  await form.getByRole('textbox', { name: 'Your question', exact: true }).fill(marker);
  await form.getByRole('radio', { name: 'By e-mail' }).check();
  await form.getByRole('textbox', { name: 'Your e-mail address' }).fill('reader@example.org');
  await form.getByLabel('Documents').setInputFiles({
    name: 'hearing-dates.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`Dates of the hearings ${marker}\n`),
  });
  await expect(form.getByText('Files uploaded')).toBeVisible();
  await form.getByRole('checkbox', { name: /I agree/ }).check();
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByRole('button', { name: 'Send message' }).click();
  const reference = form.getByText(/^Your reference number is /);
  await expect(reference).toBeVisible(PROOF_OF_WORK);
  const match = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}/.exec((await reference.textContent()) ?? '');
  if (!match) throw new Error('no reference number');
  return match[0];
}

test('invited, a member enrols a passkey, handles a fresh submission, signs out and in again', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const marker = `Marker-${randomBytes(6).toString('hex')}`;
  const reference = await submitOnPublicForm(page, marker);

  // A member of staff, in French, in a browser of their own.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const desk = await context.newPage();
  await addAuthenticator(desk);
  const email = `agent-${randomBytes(4).toString('hex')}@example.be`;
  // Display names are unique, and the test server's database outlives a run: this run's own.
  const anne = `Anne ${randomBytes(3).toString('hex')}`;
  await desk.goto(invite(email, 'agent', 'fr'));
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText('Créez votre clé d’accès');
  await desk.getByLabel('Votre nom, tel que vos collègues le voient').fill(anne);
  await desk.getByRole('button', { name: 'Créer ma clé d’accès' }).click();
  await expect(desk).toHaveURL(`${STAFF}/staff`);
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText('Boîte de réception');
  const cookie = (await context.cookies(STAFF)).find(
    (item) => item.name === '__Host-staff-session',
  );
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
  await expectNoAxeViolations(desk);

  // The reference as a caller reads it out: lower case, spaces, an O for the zero.
  await desk
    .getByLabel('Chercher une référence')
    .fill(reference.toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o'));
  await desk.getByLabel('Chercher une référence').press('Enter');
  await expect(desk).toHaveURL(`${STAFF}/staff/submissions/${reference}`);
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText(`Message ${reference}`);
  const answers = desk.locator('.answers');
  await expect(answers.locator('dd', { hasText: marker })).toHaveCount(1);
  await expect(answers.locator('dt', { hasText: /^Votre question/ })).toContainText(
    'Telle que le visiteur l’a vue (anglais) : Your question',
  );
  await expect(answers.locator('dd', { hasText: 'Assurances' })).toHaveCount(1);
  await expectNoAxeViolations(desk);

  // The attachment is a download, with the reader's file name and bytes.
  const [download] = await Promise.all([
    desk.waitForEvent('download'),
    desk.getByRole('link', { name: /^Télécharger hearing-dates\.txt/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('hearing-dates.txt');
  expect(await readFile(await download.path(), 'utf8')).toBe(`Dates of the hearings ${marker}\n`);

  // Take it, answer it, add a note; keyboard only.
  await desk.getByRole('button', { name: 'Le prendre en charge' }).focus();
  await desk.keyboard.press('Enter');
  await expect(
    desk.getByRole('status').filter({ hasText: 'Vous traitez désormais ce message.' }),
  ).toHaveCount(1);
  await desk.getByLabel('Statut', { exact: true }).selectOption('answered');
  await desk.getByRole('button', { name: 'Changer le statut' }).click();
  // The form posts, and the back office redirects to the submission with what was done. Once in
  // CI the message was not there within an expectation's 5 s (six runs here passed; the cause
  // is not known): waiting for the redirect first tells a slow answer from a wrong one.
  await desk.waitForURL(/\?done=answered$/);
  await expect(desk.getByText('Statut changé en « Répondu ».')).toHaveCount(1);
  await desk.getByRole('button', { name: 'Ajouter la note' }).click();
  await expect(desk.getByText('Écrivez une note avant de l’ajouter.')).toHaveCount(1);
  await desk
    .getByLabel('Nouvelle note (le visiteur ne la voit jamais)')
    .fill('Rappelé le lecteur.');
  await desk.getByRole('button', { name: 'Ajouter la note' }).click();
  await expect(desk.getByText('Note ajoutée.')).toHaveCount(1);
  await expect(desk.locator('.notes__text')).toHaveText(['Rappelé le lecteur.']);
  // The history tells what was done: an opening within a minute of the member's previous line
  // (the page coming back after each change, the page that refused the empty note, a reload) is
  // kept in the audit log but not repeated here (server/staff/history.ts); a download names its
  // file.
  const history = [
    `${anne} l’a ouvert`,
    `${anne} a téléchargé « hearing-dates.txt »`,
    `${anne} l’a pris en charge`,
    `${anne} a changé le statut\u00a0: En cours → Répondu`,
    `${anne} a ajouté une note`,
  ];
  const endsWith = (texts: string[]) => texts.map((text) => new RegExp(`${text}$`));
  await expect(desk.locator('.history li')).toHaveText(endsWith(history));
  await desk.reload();
  await expect(desk.locator('.history li')).toHaveText(endsWith(history));

  // In the list, filtered on answered: the submission, handled by Anne.
  await desk.goto(`${STAFF}/staff?status=answered`);
  const row = desk.getByRole('row', { name: new RegExp(reference) });
  await expect(row.getByRole('cell')).toHaveText([
    // The row's check box for bulk actions (named by its label, no text), then the date.
    '',
    /\d/,
    'Posez-nous votre question',
    'Assurances',
    // The first words of the message (only on the desk's screen), then how to answer.
    marker,
    'anglais',
    'Répondu',
    anne,
    'E-mail, page de suivi',
  ]);

  // Signed out, the inbox asks for a sign-in; the passkey signs in again.
  await desk.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(desk).toHaveURL(`${STAFF}/staff/sign-in`);
  const asked = await desk.request.get(`${STAFF}/staff`, { maxRedirects: 0 });
  expect(asked.status()).toBe(401);
  await desk.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(desk).toHaveURL(`${STAFF}/staff`);
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText('Boîte de réception');
  await context.close();
});

test('the public port has no back office: /staff is the site’s 404', async ({ request }) => {
  for (const path of ['/staff', '/staff/', '/staff/sign-in', '/staff/api/sign-in/options']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('an invitation link works once, and a name once; a second enrolment with either is refused, in its language', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await addAuthenticator(page);
  const link = invite(`once-${randomBytes(4).toString('hex')}@example.be`, 'agent', 'nl');
  const name = `Eenmalig ${randomBytes(3).toString('hex')}`;
  await page.goto(link);
  await page.getByLabel('Uw naam, zoals collega’s die zien').fill(name);
  await page.getByRole('button', { name: 'Mijn passkey aanmaken' }).click();
  // Making the passkey, checking it and opening the session took over 5 s once under load 15.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inbox', { timeout: 15_000 });
  // Another invited colleague with the same name is told so before any passkey is made, and
  // lands in the name field.
  const namesake = await context.newPage();
  await namesake.goto(
    invite(`namesake-${randomBytes(4).toString('hex')}@example.be`, 'agent', 'nl'),
  );
  const field = namesake.getByLabel('Uw naam, zoals collega’s die zien');
  await field.fill(name.toUpperCase());
  await namesake.getByRole('button', { name: 'Mijn passkey aanmaken' }).click();
  await expect(namesake.getByRole('alert')).toHaveText(
    `Een andere medewerker heeft al de naam “${name.toUpperCase()}”. Schrijf uw naam zo dat collega’s u kunnen onderscheiden, bijvoorbeeld met uw familienaam.`,
  );
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const again = await context.newPage();
  await addAuthenticator(again);
  await again.goto(link);
  await again.getByLabel('Uw naam, zoals collega’s die zien').fill('Iemand anders');
  await again.getByRole('button', { name: 'Mijn passkey aanmaken' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    'Deze uitnodigingslink is niet geldig: hij werd al gebruikt of is ouder dan 24 uur. Vraag een beheerder om een nieuwe.',
  );
  await context.close();
});

test('an administrator invites from the page, exports, and revokes a member, who is signed out at once', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const adminContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const admin = await adminContext.newPage();
  await addAuthenticator(admin);
  await admin.goto(invite(`admin-${randomBytes(4).toString('hex')}@example.be`, 'admin', 'en'));
  await admin
    .getByLabel('Your name, as colleagues see it')
    .fill(`Ada ${randomBytes(3).toString('hex')}`);
  await admin.getByRole('button', { name: 'Create my passkey' }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Inbox');

  // The export of the list: a CSV whose first row names the columns in the member's language.
  const [exported] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Download the export' }).click(),
  ]);
  expect(exported.suggestedFilename()).toMatch(/^submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  expect((await readFile(await exported.path(), 'utf8')).split('\r\n')[0]).toMatch(
    /^\ufeff"Reference";"Received";"Form";"Language";"Status";"Handled by";/,
  );

  // An invitation made on the staff page, in German.
  await admin.getByRole('link', { name: 'Staff' }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Staff');
  const email = `agent-${randomBytes(4).toString('hex')}@example.be`;
  await admin.getByLabel('E-mail address').fill(email);
  await admin.getByLabel('Language of the back office').selectOption('de');
  await admin.getByRole('button', { name: 'Create the invitation' }).click();
  const link = (await admin.locator('.invitation-link').textContent()) ?? '';
  expect(link).toMatch(new RegExp(`^${STAFF}/staff/enrol\\?lang=de#token=[\\w-]{43}$`));

  // The test server's database outlives a run: a name of this run only.
  const name = `Bert ${randomBytes(3).toString('hex')}`;
  const agentContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const agent = await agentContext.newPage();
  await addAuthenticator(agent);
  await agent.goto(link);
  await agent.getByLabel('Ihr Name, wie Kolleginnen und Kollegen ihn sehen').fill(name);
  await agent.getByRole('button', { name: 'Meinen Passkey erstellen' }).click();
  await expect(agent.getByRole('heading', { level: 1 })).toHaveText('Posteingang');
  await expectNoAxeViolations(agent);

  await admin.reload();
  const row = admin.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell').nth(0)).toHaveText(email);
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^1 passkey/);
  await expectNoAxeViolations(admin);
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(admin.getByRole('status')).toHaveText(
    `${name} is revoked: their sessions ended at once.`,
  );

  // The agent's very next request meets the sign-in page (in the browser's language: the
  // session that knew theirs is gone).
  await agent.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(agent.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await adminContext.close();
  await agentContext.close();
});
