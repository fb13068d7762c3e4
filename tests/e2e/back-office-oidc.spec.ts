// The back office's sign-in through the organisation's OpenID Connect provider (issue #16),
// against a real provider started here (oidc-provider on loopback, its own login and consent
// pages), and a back office of its own on a temporary database.
import { expect, test } from '@playwright/test';
import { createStaffApp, type StaffApp } from '../../server/staff/app.ts';
import { invite } from '../../server/staff/invitations.ts';
import { createTestApp, type TestApp } from '../../server/testing/forms-app.ts';
import {
  OIDC_CLIENT,
  startProvider,
  type TestProvider,
} from '../../server/testing/oidc-provider.ts';

const OIDC_PORT = Number(process.env.OIDC_E2E_PORT ?? 4180);
const STAFF_PORT = Number(process.env.STAFF_OIDC_E2E_PORT ?? 4181);
const STAFF = `http://localhost:${String(STAFF_PORT)}`;

// One provider and one back office on fixed ports: the file's tests share them, in one worker.
test.describe.configure({ mode: 'serial' });

let provider: TestProvider;
let forms: TestApp;
let staff: StaffApp;

test.beforeAll(async () => {
  provider = await startProvider(OIDC_PORT, `${STAFF}/staff/oidc/callback`, {
    'olivia@desk.example.be': {
      email: 'olivia@desk.example.be',
      email_verified: true,
      name: 'Olivia Org',
    },
  });
  forms = await createTestApp();
  staff = await createStaffApp({
    forms: forms.config,
    origin: STAFF,
    logLevel: 'silent',
    oidc: { issuer: provider.issuer, ...OIDC_CLIENT },
  });
  await staff.listen({ port: STAFF_PORT, host: '127.0.0.1' });
  await invite(staff.staffStorage.db, {
    email: 'olivia@desk.example.be',
    role: 'agent',
    lang: 'fr',
  });
});

test.afterAll(async () => {
  await staff.close();
  await forms.close();
  await provider.close();
});

/** Signs in at the provider with its development login and consent pages. */
async function throughProvider(page: import('@playwright/test').Page, login: string) {
  await page.goto(`${STAFF}/staff/sign-in`);
  await page.getByRole('link', { name: 'Sign in with your organisation’s account' }).click();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an invited member signs in with the organisation’s account', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await throughProvider(page, 'olivia@desk.example.be');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes connecté·e');
  await page.getByRole('link', { name: 'Continuer vers la boîte de réception' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boîte de réception');
  await expect(page.getByText('Connecté·e en tant que Olivia Org')).toHaveCount(1);
  await context.close();
});

test('an organisation account without an invitation opens nothing', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await throughProvider(page, 'mallory@desk.example.be');
  await expect(page.getByRole('main')).toContainText(
    'Your organisation’s account (mallory@desk.example.be) has no access to the back office. Ask an administrator for an invitation.',
  );
  expect((await page.request.get(`${STAFF}/staff`)).status()).toBe(401);
  await context.close();
});

test('a callback without the sign-in it answers is refused', async ({ request }) => {
  const response = await request.get(`${STAFF}/staff/oidc/callback?code=stolen&state=guessed`);
  expect(response.status()).toBe(401);
  expect(response.headers()['set-cookie'] ?? '').not.toContain('__Host-staff-session=');
});
