// A real OpenID Connect provider for tests (oidc-provider on loopback, its development login and
// consent pages): each login names an account whose claims the test chooses; and a browser's
// round trip through it, in plain HTTP with a cookie jar, for tests below the browser.
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export const OIDC_CLIENT = { clientId: 'back-office', clientSecret: 'a-secret-for-tests-only' };

/** What the provider says of an account: its address, whether verified, its name. */
export interface TestAccount {
  email: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  close: () => Promise<void>;
}

/**
 * Starts a provider on `port` for one client whose redirect URI is `redirectUri`; a login not in
 * `accounts` is an account with that address, verified.
 */
export async function startProvider(
  port: number,
  redirectUri: string,
  accounts: Record<string, TestAccount> = {},
): Promise<TestProvider> {
  const issuer = `http://localhost:${String(port)}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.clientId,
        client_secret: OIDC_CLIENT.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_context, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...(accounts[id] ?? { email: id, email_verified: true }) }),
    }),
    cookies: { keys: ['cookie-key-for-tests-only'] },
    pkce: { required: () => true },
  });
  const handle = oidc.callback();
  const server: Server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * A browser's way through the provider, from the authorization URL the back office redirected
 * to: signs in as `login` on the development login page, consents, and returns the address the
 * provider sends the browser back to (the back office's callback, with the code).
 */
export async function throughProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  const step = async (method: 'GET' | 'POST', body?: Record<string, string>) => {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body: new URLSearchParams(body).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the provider answered ${String(response.status)} at ${url.href}`);
    url = new URL(location, url);
  };
  await step('GET'); // → the login page
  await step('POST', { prompt: 'login', login, password: 'anything' }); // → resume
  await step('GET'); // → the consent page
  await step('POST', { prompt: 'consent' }); // → resume
  await step('GET'); // → back to the back office
  return url;
}
