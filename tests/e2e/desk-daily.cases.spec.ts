// The desk's actions on a case (issue 42), each member in their own browser and language: the
// lead (an administrator, in English) gives a case to a colleague (an agent, in Dutch), who then
// finds it under their own name in the inbox's handler filter; the colleague marks another case
// as a duplicate of it by its reference as read out, and both pages link to each other; the
// lead takes the case back only after saying yes to the question. The cases are written
// straight into the test server's database: the public form has tests of its own.
import { randomBytes, randomInt } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { staffTranslator } from '../../server/staff/messages.ts';
import { openStorage } from '../../server/storage/database.ts';
import { ROOT } from '../../server/testing/forms-app.ts';
import { addAuthenticator, invite, STAFF } from './staff-access.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A fresh reference, as the form API makes them (the test database outlives a run). */
function reference(): string {
  const chars = Array.from({ length: 10 }, () => CROCKFORD[randomInt(32)] ?? '0').join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A member invited in `lang`, enrolled with a passkey in a browser of their own. */
async function member(browser: Browser, role: 'agent' | 'admin', lang: 'en' | 'nl') {
  const t = staffTranslator(lang);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await addAuthenticator(page);
  const name = `${role === 'admin' ? 'Lead' : 'Colleague'} ${randomBytes(3).toString('hex')}`;
  await page.goto(invite(`${role}-${randomBytes(4).toString('hex')}@example.be`, role, lang));
  await page.getByLabel(t('enrolName')).fill(name);
  await page.getByRole('button', { name: t('enrolButton') }).click();
  await expect(page).toHaveURL(`${STAFF}/staff`);
  return { page, name, t };
}

/** Two new contact messages, received a minute apart. */
async function twoCases(): Promise<[string, string]> {
  const storage = await openStorage('sqlite:.cache/e2e/site.db', ROOT);
  const ids: [string, string] = [reference(), reference()];
  try {
    await storage.db
      .insertInto('submissions')
      .values(
        ids.map((id, index) => ({
          id,
          form_id: 'contact',
          lang: 'fr',
          data: '{}',
          created_at: new Date(Date.now() - (2 - index) * 60_000).toISOString(),
          topic: null,
        })),
      )
      .execute();
  } finally {
    await storage.close();
  }
  return ids;
}

const caseUrl = (id: string) => `${STAFF}/staff/submissions/${id}`;

test('a case given to a colleague is theirs in the inbox; a duplicate links both ways; taking it back asks first', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const [first, second] = await twoCases();
  const lead = await member(browser, 'admin', 'en');
  const colleague = await member(browser, 'agent', 'nl');

  // The lead gives the first case to the colleague.
  await lead.page.goto(caseUrl(first));
  await lead.page.getByLabel(lead.t('assignLabel')).selectOption({ label: colleague.name });
  await lead.page.getByRole('button', { name: lead.t('assignButton') }).click();
  await lead.page.waitForURL(/\?done=assigned$/);
  await expect(lead.page.getByRole('status')).toHaveText(
    lead.t('doneAssigned', { name: colleague.name }),
  );
  await expect(lead.page.locator('.history li').last()).toHaveText(
    new RegExp(`${lead.t('history_assigned', { name: lead.name, assignee: colleague.name })}$`),
  );

  // The colleague finds it under their own name in the handler filter, and only that case.
  const inbox: Page = colleague.page;
  await inbox.goto(`${STAFF}/staff`);
  await inbox.getByLabel(colleague.t('filterAssignee')).selectOption({ label: colleague.name });
  await inbox.getByRole('button', { name: colleague.t('applyFilters') }).click();
  await expect(inbox.locator('tbody th')).toHaveText([first]);
  await expect(inbox.getByRole('row', { name: new RegExp(first) })).toContainText(
    colleague.t('status_in_progress'),
  );

  // The colleague marks the second case as a duplicate of the first, read out over the phone.
  await inbox.goto(caseUrl(second));
  await inbox
    .getByLabel(colleague.t('duplicateLabel'))
    .fill(first.toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o'));
  await inbox.getByRole('button', { name: colleague.t('duplicateButton') }).click();
  await inbox.waitForURL(/\?done=duplicate$/);
  await expect(inbox.getByRole('status')).toHaveText(
    colleague.t('doneDuplicate', { reference: first }),
  );
  await inbox.locator('.facts').getByRole('link', { name: first }).click();
  await expect(inbox).toHaveURL(caseUrl(first));
  await inbox.locator('#duplicates ~ ul').getByRole('link', { name: second }).click();
  await expect(inbox).toHaveURL(caseUrl(second));

  // The lead takes the first case back: "Take over" asks, and only "yes" does it.
  await lead.page.goto(caseUrl(first));
  await expect(lead.page.getByRole('button', { name: lead.t('take'), exact: true })).toHaveCount(0);
  await lead.page.getByRole('button', { name: lead.t('takeOver') }).click();
  await expect(
    lead.page.getByText(lead.t('takeOverQuestion', { name: colleague.name })),
  ).toBeVisible();
  await lead.page.getByRole('button', { name: lead.t('takeOverConfirm') }).click();
  await lead.page.waitForURL(/\?done=taken$/);
  await expect(lead.page.getByText(lead.t('handledByLine', { name: lead.name }))).toBeVisible();
});
