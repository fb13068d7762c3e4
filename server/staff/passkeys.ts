// Passkey enrolment and sign-in (WebAuthn, @simplewebauthn/server), with challenges kept in the
// database (challenges.ts).
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import { openInvitation } from './invitations.ts';
import {
  cleanDisplayName,
  enrol,
  nameTaken,
  passkeyForSignIn,
  passkeyUsed,
  type EnrolResult,
} from './members.ts';
import { keepChallenge, takeChallenge } from './challenges.ts';

export interface RelyingParty {
  /** STAFF_ORIGIN, such as https://desk.example.be. */
  origin: string;
  /** Its host name: passkeys are bound to it. */
  id: string;
  name: string;
}

export const relyingPartyOf = (origin: string, name: string): RelyingParty => ({
  origin,
  id: new URL(origin).hostname,
  name,
});

/**
 * Options for creating a passkey; refused before the device makes one when the invitation is not
 * valid or another member has the name.
 */
export async function enrolOptions(
  db: Kysely<Database>,
  rp: RelyingParty,
  body: { token?: unknown; name?: unknown },
): Promise<
  | { options: PublicKeyCredentialCreationOptionsJSON; challengeId: string }
  | { refused: 'invitation' | 'name' }
> {
  const { token } = body;
  if (typeof token !== 'string' || !token) return { refused: 'invitation' };
  const invitation = await openInvitation(db, token);
  if (!invitation) return { refused: 'invitation' };
  const name = cleanDisplayName(body.name);
  const member = await db
    .selectFrom('staff_members')
    .select('id')
    .where('email', '=', invitation.email)
    .executeTakeFirst();
  if (name && (await nameTaken(db, name, member?.id))) return { refused: 'name' };
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: invitation.email,
    attestationType: 'none',
    // A discoverable credential: sign-in needs no user name.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return { options, challengeId: await keepChallenge(db, options.challenge, 'enrol') };
}

/** Checks the new passkey and enrols it: the member, or why not. */
export async function enrolVerify(
  db: Kysely<Database>,
  rp: RelyingParty,
  body: { token?: unknown; name?: unknown; challengeId?: unknown; response?: unknown },
): Promise<EnrolResult> {
  const challenge = await takeChallenge(db, body.challengeId, 'enrol');
  const name = cleanDisplayName(body.name);
  if (!challenge || typeof body.token !== 'string' || !name) return { refused: 'invitation' };
  const verification = await verifyRegistrationResponse({
    response: body.response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return { refused: 'invitation' };
  const { credential } = verification.registrationInfo;
  return enrol(db, body.token, name, {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
  });
}

/** Options for signing in with any passkey of this site. */
export async function signInOptions(db: Kysely<Database>, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
  });
  return { options, challengeId: await keepChallenge(db, options.challenge, 'sign-in') };
}

/** Checks a sign-in; the member's id, or null. */
export async function signInVerify(
  db: Kysely<Database>,
  rp: RelyingParty,
  body: { challengeId?: unknown; response?: unknown },
) {
  const challenge = await takeChallenge(db, body.challengeId, 'sign-in');
  const response = body.response as AuthenticationResponseJSON | undefined;
  if (!challenge || typeof response?.id !== 'string') return null;
  const passkey = await passkeyForSignIn(db, response.id);
  if (!passkey) return null;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.id,
      publicKey: Buffer.from(passkey.public_key, 'base64url'),
      counter: Number(passkey.counter),
      transports: JSON.parse(passkey.transports) as string[],
    },
  }).catch(() => null);
  if (!verification?.verified) return null;
  await passkeyUsed(db, passkey.id, verification.authenticationInfo.newCounter);
  return { memberId: passkey.member_id };
}
