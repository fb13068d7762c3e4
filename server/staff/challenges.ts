// What a sign-in ceremony waits for (a WebAuthn challenge; an OpenID Connect state, nonce and
// PKCE verifier), kept in the database for five minutes and used once, so that any instance can
// check the answer.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import { newId } from '../storage/tokens.ts';

const CHALLENGE_VALID_MS = 5 * 60_000;

/** Keeps a challenge; its id. */
export async function keepChallenge(db: Kysely<Database>, challenge: string, purpose: string) {
  const id = newId();
  const now = new Date();
  // Expired challenges of anyone go at the same time: the table stays small.
  await db.deleteFrom('staff_challenges').where('expires_at', '<', now.toISOString()).execute();
  await db
    .insertInto('staff_challenges')
    .values({
      id,
      challenge,
      purpose,
      expires_at: new Date(now.getTime() + CHALLENGE_VALID_MS).toISOString(),
    })
    .execute();
  return id;
}

/** Takes a challenge out (once): its text, or null when unknown, expired or of another kind. */
export async function takeChallenge(db: Kysely<Database>, id: unknown, purpose: string) {
  if (typeof id !== 'string') return null;
  const row = await db
    .deleteFrom('staff_challenges')
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', new Date().toISOString())
    .returning('challenge')
    .executeTakeFirst();
  return row?.challenge ?? null;
}
