// How the end-to-end tests reach the test server's back office: its address, an invitation made
// with `npm run staff -- invite` on the test database, and a virtual passkey authenticator.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { STAFF_PORT } from '../../playwright.config.ts';

export const STAFF = `http://localhost:${String(STAFF_PORT)}`;

/** `npm run staff -- invite` against the test server's database; the link it prints. */
export function invite(email: string, role: 'agent' | 'admin', lang: string): string {
  const output = execFileSync(
    process.execPath,
    ['server/staff-cli.ts', 'invite', '--email', email, '--role', role, '--lang', lang],
    {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'sqlite:.cache/e2e/site.db', STAFF_ORIGIN: STAFF },
    },
  );
  const link = /^http\S+#token=\S+$/m.exec(output)?.[0];
  if (!link) throw new Error(`no invitation link in: ${output}`);
  return link;
}

/** A platform authenticator (DevTools WebAuthn) that holds passkeys and says yes at once. */
export async function addAuthenticator(page: Page) {
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
