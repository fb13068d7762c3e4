// Invitations to the back office: a one-time link, valid 24 hours, of which the database keeps
// only the token's SHA-256. Administrators see the pending ones and cancel them; revoking a
// member cancels every pending invitation of their address (members.ts), so that no link made
// before the revocation brings them back.
import type { Kysely, Transaction } from 'kysely';
import type { Database, StaffInvitationTable } from '../storage/database.ts';
import type { StaffLanguage } from './messages.ts';
import { hashToken, newToken } from '../storage/tokens.ts';

export const ROLES = ['agent', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const INVITATION_VALID_MS = 24 * 3_600_000;

export const isRole = (text: string): text is Role => (ROLES as readonly string[]).includes(text);

export interface Invitation {
  email: string;
  role: Role;
  lang: StaffLanguage;
}

/** How an address is written in invitations and accounts. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Stores an invitation; returns its one-time token (for the link), when it expires, and the
 * revoked member it would bring back, if the address is one's (the audit line says so).
 */
export async function invite(
  db: Kysely<Database>,
  invitation: Invitation,
  now = new Date(),
): Promise<{ token: string; expiresAt: string; readmits: string | null }> {
  const token = newToken();
  const email = normalizeEmail(invitation.email);
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_MS).toISOString();
  await db
    .insertInto('staff_invitations')
    .values({
      token_hash: hashToken(token),
      email,
      role: invitation.role,
      lang: invitation.lang,
      expires_at: expiresAt,
      used_at: null,
      created_at: now.toISOString(),
      cancelled_at: null,
    })
    .execute();
  const revoked = await db
    .selectFrom('staff_members')
    .select('id')
    .where('email', '=', email)
    .where('revoked_at', 'is not', null)
    .executeTakeFirst();
  return { token, expiresAt, readmits: revoked?.id ?? null };
}

/** The audit line's detail of an invitation: role and address, and the revoked member it readmits. */
export const invitedDetail = (role: Role, email: string, readmits: string | null): string =>
  `${role} ${normalizeEmail(email)}${readmits ? ` readmits ${readmits}` : ''}`;

/** Invitations that still open: not used, not cancelled, not expired. */
const pending = (db: Kysely<Database> | Transaction<Database>, now: Date) =>
  db
    .selectFrom('staff_invitations')
    .where('used_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', now.toISOString());

/** The invitation a token opens, if it is pending. */
export async function openInvitation(
  db: Kysely<Database> | Transaction<Database>,
  token: string,
  now = new Date(),
): Promise<StaffInvitationTable | null> {
  const row = await pending(db, now)
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row ?? null;
}

/** The newest pending invitation of an address (an organisation account's sign-in). */
export async function pendingInvitationOf(
  db: Transaction<Database>,
  email: string,
  now = new Date(),
): Promise<StaffInvitationTable | null> {
  const row = await pending(db, now)
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/** Closes a pending invitation (spent or cancelled): its address, or null if it was not pending. */
async function closeInvitation(
  db: Kysely<Database>,
  tokenHash: string,
  how: 'used_at' | 'cancelled_at',
  now: Date,
): Promise<string | null> {
  const row = await db
    .updateTable('staff_invitations')
    .set({ [how]: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Spends an invitation, if it is still pending (false when another request spent it first). */
export async function spendInvitation(
  db: Transaction<Database>,
  tokenHash: string,
  now = new Date(),
): Promise<boolean> {
  return (await closeInvitation(db, tokenHash, 'used_at', now)) !== null;
}

/** The pending invitations, newest first, for the Staff page. */
export async function pendingInvitations(db: Kysely<Database>, now = new Date()) {
  return pending(db, now)
    .select(['token_hash', 'email', 'role', 'lang', 'created_at', 'expires_at'])
    .orderBy('created_at', 'desc')
    .execute();
}
export type PendingInvitation = Awaited<ReturnType<typeof pendingInvitations>>[number];

/** Cancels one pending invitation; its address, or null when it was not pending. */
export const cancelInvitation = (
  db: Kysely<Database>,
  tokenHash: string,
  now = new Date(),
): Promise<string | null> => closeInvitation(db, tokenHash, 'cancelled_at', now);

/** Cancels every pending invitation of an address (when its member is revoked). */
export async function cancelInvitationsOf(
  db: Transaction<Database>,
  email: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('staff_invitations')
    .set({ cancelled_at: now.toISOString() })
    .where('email', '=', normalizeEmail(email))
    .where('used_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .execute();
}
