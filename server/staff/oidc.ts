// Sign-in through the organisation's OpenID Connect provider (openid-client): authorization code
// with PKCE, state and nonce. Only an address the provider says it verified
// (`email_verified: true`) counts; it must be an invited member's, and the member is bound to the
// provider's subject (organisation-accounts.ts); the provider alone opens nothing.
import * as client from 'openid-client';
import type { OrganisationAccount } from './organisation-accounts.ts';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
}

const isLoopback = (url: URL) => url.hostname === 'localhost' || url.hostname === '127.0.0.1';

export class OrganisationSignIn {
  private configuration: Promise<client.Configuration> | null = null;
  private readonly settings: OidcSettings;
  private readonly redirectUri: string;

  constructor(settings: OidcSettings, redirectUri: string) {
    this.settings = settings;
    this.redirectUri = redirectUri;
  }

  /** The provider's metadata, discovered once (again after a failure). */
  private discover(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer);
    this.configuration ??= client
      .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
        // Plain http only for a provider on this machine (tests, a developer's provider).
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated to stand out; loopback only
        ...(isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        this.configuration = null;
        throw error;
      });
    return this.configuration;
  }

  /** Where to send the browser, and what to keep until it comes back. */
  async start(): Promise<{ url: URL; pending: PendingSignIn }> {
    const configuration = await this.discover();
    const pending = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /**
   * Exchanges the code the browser brought back; the account, "unverified" when the provider
   * does not say it verified the address, or null if anything else is off.
   */
  async finish(
    callbackUrl: URL,
    pending: PendingSignIn,
  ): Promise<OrganisationAccount | 'unverified' | null> {
    const configuration = await this.discover();
    const tokens = await client
      .authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      })
      .catch(() => null);
    const idToken = tokens?.claims();
    if (!tokens || !idToken) return null;
    // Many providers put the e-mail address (and whether they verified it) only in the UserInfo
    // answer, not in the ID token; its subject must be the ID token's (openid-client checks).
    const claims =
      typeof idToken.email === 'string' && idToken.email_verified === true
        ? idToken
        : await client
            .fetchUserInfo(configuration, tokens.access_token, idToken.sub)
            .catch(() => null);
    if (!claims || typeof claims.email !== 'string') return null;
    // Absent is not verified: an address the provider did not check is anyone's to claim.
    if (claims.email_verified !== true) return 'unverified';
    const name = typeof claims.name === 'string' ? claims.name : claims.email;
    return { issuer: idToken.iss, subject: idToken.sub, email: claims.email, name };
  }
}
