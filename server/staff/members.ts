// Staff members, their invitations and passkeys. A member exists once they enrolled a passkey
// through an invitation (`npm run staff -- invite`); there are no passwords.
import type { Kysely, Selectable } from 'kysely';
import type { Database, StaffInvitationTable, StaffPasskeyTable } from '../storage/database.ts';
import type { StaffLanguage } from './messages.ts';
import { hashToken, newId, newToken } from './tokens.ts';

export const ROLES = ['agent', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const INVITATION_VALID_MS = 24 * 3_600_000;

export const isRole = (text: string): text is Role => (ROLES as readonly string[]).includes(text);

export interface Invitation {
  email: string;
  role: Role;
  lang: StaffLanguage;
}

/** Stores an invitation; returns its one-time token (for the link) and when it expires. */
export async function invite(
  db: Kysely<Database>,
  invitation: Invitation,
  now = new Date(),
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_MS).toISOString();
  await db
    .insertInto('staff_invitations')
    .values({
      token_hash: hashToken(token),
      email: invitation.email.trim().toLowerCase(),
      role: invitation.role,
      lang: invitation.lang,
      expires_at: expiresAt,
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** The invitation a token opens, if it is unused and not expired. */
export async function openInvitation(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<StaffInvitationTable | null> {
  const row = await db
    .selectFrom('staff_invitations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ?? null;
}

export interface NewPasskey {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/**
 * Spends an invitation and enrols its passkey, in one transaction: the member is created (or,
 * invited again, given the invitation's role and un-revoked). Null when the invitation was
 * spent or expired meanwhile.
 */
export async function enrol(
  db: Kysely<Database>,
  token: string,
  displayName: string,
  passkey: NewPasskey,
  now = new Date(),
): Promise<{ memberId: string } | null> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const spent = await trx
      .updateTable('staff_invitations')
      .set({ used_at: at })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning(['email', 'role', 'lang'])
      .executeTakeFirst();
    if (!spent) return null;
    const existing = await trx
      .selectFrom('staff_members')
      .select('id')
      .where('email', '=', spent.email)
      .executeTakeFirst();
    const memberId = existing?.id ?? newId();
    if (existing) {
      await trx
        .updateTable('staff_members')
        .set({ role: spent.role, revoked_at: null, display_name: displayName })
        .where('id', '=', memberId)
        .execute();
    } else {
      await trx
        .insertInto('staff_members')
        .values({
          id: memberId,
          email: spent.email,
          display_name: displayName,
          role: spent.role,
          lang: spent.lang,
          created_at: at,
          revoked_at: null,
        })
        .execute();
    }
    await trx
      .insertInto('staff_passkeys')
      .values({
        id: passkey.id,
        member_id: memberId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: JSON.stringify(passkey.transports),
        created_at: at,
        last_used_at: null,
      })
      .execute();
    return { memberId };
  });
}

/** A passkey with its member, for sign-in; null when unknown or the member is revoked. */
export async function passkeyForSignIn(
  db: Kysely<Database>,
  credentialId: string,
): Promise<Selectable<StaffPasskeyTable> | null> {
  const row = await db
    .selectFrom('staff_passkeys')
    .innerJoin('staff_members', 'staff_members.id', 'staff_passkeys.member_id')
    .selectAll('staff_passkeys')
    .where('staff_passkeys.id', '=', credentialId)
    .where('staff_members.revoked_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/** Records a passkey's use (its signature counter guards against cloned authenticators). */
export async function passkeyUsed(
  db: Kysely<Database>,
  credentialId: string,
  counter: number,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('staff_passkeys')
    .set({ counter, last_used_at: now.toISOString() })
    .where('id', '=', credentialId)
    .execute();
}

/** Members for the assignee filter and names, by display name. */
export async function listMembers(db: Kysely<Database>) {
  return db
    .selectFrom('staff_members')
    .select(['id', 'display_name', 'email', 'role', 'revoked_at'])
    .orderBy('display_name')
    .execute();
}

/** Sets a member's back-office language. */
export async function setLanguage(db: Kysely<Database>, memberId: string, lang: StaffLanguage) {
  await db.updateTable('staff_members').set({ lang }).where('id', '=', memberId).execute();
}

/** Every member with their passkeys, for the administrators' page. */
export async function membersWithPasskeys(db: Kysely<Database>) {
  const [members, passkeys] = await Promise.all([
    db.selectFrom('staff_members').selectAll().orderBy('display_name').execute(),
    db
      .selectFrom('staff_passkeys')
      .select(['id', 'member_id', 'created_at', 'last_used_at'])
      .orderBy('created_at')
      .execute(),
  ]);
  return members.map((member) => ({
    ...member,
    passkeys: passkeys.filter((passkey) => passkey.member_id === member.id),
  }));
}
export type MemberWithPasskeys = Awaited<ReturnType<typeof membersWithPasskeys>>[number];

/** Changes a member's role; false when there is no such member. */
export async function changeRole(db: Kysely<Database>, memberId: string, role: Role) {
  const result = await db
    .updateTable('staff_members')
    .set({ role })
    .where('id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes a member: they can no longer sign in, and every session of theirs ends now. */
export async function revokeMember(db: Kysely<Database>, memberId: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('staff_members')
      .set({ revoked_at: now.toISOString() })
      .where('id', '=', memberId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await trx.deleteFrom('staff_sessions').where('member_id', '=', memberId).execute();
    return Number(result.numUpdatedRows) === 1;
  });
}

/**
 * The member an organisation account (OpenID Connect) signs in as: the member with that e-mail
 * address, if not revoked; else, if that address has a valid invitation, a new member made from
 * it (the invitation is spent). Null otherwise: an organisation account alone opens nothing.
 */
export async function memberForOrganisationAccount(
  db: Kysely<Database>,
  email: string,
  displayName: string,
  now = new Date(),
): Promise<string | null> {
  const address = email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('staff_members')
      .select(['id', 'revoked_at'])
      .where('email', '=', address)
      .executeTakeFirst();
    if (member) return member.revoked_at === null ? member.id : null;
    const at = now.toISOString();
    const invitation = await trx
      .selectFrom('staff_invitations')
      .select(['token_hash', 'role', 'lang'])
      .where('email', '=', address)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!invitation) return null;
    await trx
      .updateTable('staff_invitations')
      .set({ used_at: at })
      .where('token_hash', '=', invitation.token_hash)
      .execute();
    const id = newId();
    await trx
      .insertInto('staff_members')
      .values({
        id,
        email: address,
        display_name: displayName.trim().slice(0, 100) || address,
        role: invitation.role,
        lang: invitation.lang,
        created_at: at,
        revoked_at: null,
      })
      .execute();
    return id;
  });
}
