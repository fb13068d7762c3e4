// Staff members and their passkeys. A member exists once they enrolled a passkey through an
// invitation (invitations.ts; `npm run staff -- invite`); there are no passwords. A revoked
// member comes back only through an invitation made after the revocation; at least one
// administrator always remains; no two members share a display name.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { cleanLabel } from '../../src/forms/clean-text.ts';
import { displayNameKey } from '../storage/back-office-migrations.ts';
import type { Database, StaffPasskeyTable } from '../storage/database.ts';
import { isSqlite } from '../storage/erasure.ts';
import { cancelInvitationsOf, openInvitation, spendInvitation, type Role } from './invitations.ts';
import type { StaffLanguage } from './messages.ts';
import { newId } from '../storage/tokens.ts';

export const NAME_MAX_LENGTH = 100;

/** A display name as typed, made a clean label (no invisible characters), at most 100 chars. */
export const cleanDisplayName = (name: unknown): string =>
  typeof name === 'string' ? cleanLabel(name).slice(0, NAME_MAX_LENGTH) : '';

/** True when another member than `exceptId` has this display name (case and spacing aside). */
export async function nameTaken(
  db: Kysely<Database> | Transaction<Database>,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('staff_members')
    .select('id')
    .where('name_key', '=', displayNameKey(name));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The columns of a display name. */
export const nameColumns = (name: string) => ({
  display_name: name,
  name_key: displayNameKey(name),
});

export interface NewPasskey {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export type EnrolResult =
  { memberId: string; readmitted: boolean } | { refused: 'invitation' | 'name' };

/**
 * Spends an invitation and enrols its passkey, in one transaction: the member is created, or an
 * active member gets one more passkey. A revoked member is brought back (with the invitation's
 * role) only by an invitation made after the revocation.
 */
export async function enrol(
  db: Kysely<Database>,
  token: string,
  displayName: string,
  passkey: NewPasskey,
  now = new Date(),
): Promise<EnrolResult> {
  return db.transaction().execute(async (trx): Promise<EnrolResult> => {
    const invitation = await openInvitation(trx, token, now);
    if (!invitation) return { refused: 'invitation' };
    const existing = await trx
      .selectFrom('staff_members')
      .select(['id', 'revoked_at'])
      .where('email', '=', invitation.email)
      .executeTakeFirst();
    const revokedAt = existing?.revoked_at ?? null;
    if (revokedAt !== null && invitation.created_at <= revokedAt) return { refused: 'invitation' };
    if (await nameTaken(trx, displayName, existing?.id)) return { refused: 'name' };
    if (!(await spendInvitation(trx, invitation.token_hash, now))) return { refused: 'invitation' };
    const at = now.toISOString();
    const memberId = existing?.id ?? newId();
    if (existing) {
      await trx
        .updateTable('staff_members')
        .set({
          ...nameColumns(displayName),
          ...(revokedAt !== null ? { revoked_at: null, role: invitation.role } : {}),
        })
        .where('id', '=', memberId)
        .execute();
    } else {
      await trx
        .insertInto('staff_members')
        .values({
          id: memberId,
          email: invitation.email,
          ...nameColumns(displayName),
          role: invitation.role,
          lang: invitation.lang,
          created_at: at,
          revoked_at: null,
          oidc_issuer: null,
          oidc_subject: null,
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
    return { memberId, readmitted: revokedAt !== null };
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

/**
 * True when the member is the only active administrator. On PostgreSQL the administrators' rows
 * are locked until the transaction ends, so two administrators demoting each other at the same
 * moment cannot both pass; SQLite runs one writing transaction at a time.
 */
async function isLastAdmin(trx: Transaction<Database>, memberId: string): Promise<boolean> {
  let query = trx
    .selectFrom('staff_members')
    .select('id')
    .where('role', '=', 'admin')
    .where('revoked_at', 'is', null);
  if (!isSqlite(trx)) query = query.forUpdate();
  const admins = (await query.execute()).map((row) => row.id);
  return admins.length === 1 && admins[0] === memberId;
}

export type MemberChange = 'done' | 'unknown' | 'last-admin';

/** Changes a member's role; never the last active administrator's to agent. */
export async function changeRole(
  db: Kysely<Database>,
  memberId: string,
  role: Role,
): Promise<MemberChange> {
  return db.transaction().execute(async (trx): Promise<MemberChange> => {
    const member = await trx
      .selectFrom('staff_members')
      .select('role')
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!member) return 'unknown';
    if (role !== 'admin' && (await isLastAdmin(trx, memberId))) return 'last-admin';
    await trx.updateTable('staff_members').set({ role }).where('id', '=', memberId).execute();
    return 'done';
  });
}

/**
 * Revokes a member: they can no longer sign in, every session of theirs ends now, and every
 * pending invitation of their address is cancelled. Never the last active administrator.
 */
export async function revokeMember(
  db: Kysely<Database>,
  memberId: string,
  now = new Date(),
): Promise<MemberChange> {
  return db.transaction().execute(async (trx): Promise<MemberChange> => {
    const member = await trx
      .selectFrom('staff_members')
      .select('email')
      .where('id', '=', memberId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!member) return 'unknown';
    if (await isLastAdmin(trx, memberId)) return 'last-admin';
    await trx
      .updateTable('staff_members')
      .set({ revoked_at: now.toISOString() })
      .where('id', '=', memberId)
      .execute();
    await trx.deleteFrom('staff_sessions').where('member_id', '=', memberId).execute();
    await cancelInvitationsOf(trx, member.email, now);
    return 'done';
  });
}
