// Staff sessions, stored server-side: the browser holds a random token in a __Host- cookie, the
// database its hash, the member and a CSRF token. A session ends after 30 idle minutes, 12
// hours after sign-in, at sign-out, and at once when the member is revoked.
import type { Kysely } from 'kysely';
import type { Database, StaffMemberTable } from '../storage/database.ts';
import { hashToken, newToken } from '../storage/tokens.ts';

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 3_600_000;
/** The cookie: __Host- pins it to this origin's root, without a Domain (RFC 6265bis). */
export const SESSION_COOKIE = '__Host-staff-session';
// last_seen_at is written at most this often, not on every request.
const TOUCH_AFTER_MS = 60_000;

export interface StaffSession {
  member: Pick<StaffMemberTable, 'id' | 'email' | 'display_name' | 'role' | 'lang'>;
  csrfToken: string;
}

/** Opens a session for a member; returns the cookie's token. */
export async function openSession(
  db: Kysely<Database>,
  memberId: string,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('staff_sessions')
    .values({
      token_hash: hashToken(token),
      member_id: memberId,
      csrf_token: newToken(),
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute();
  return token;
}

/** The session a cookie's token opens, or null (unknown, idle, too old, or member revoked). */
export async function readSession(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<StaffSession | null> {
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff_members', 'staff_members.id', 'staff_sessions.member_id')
    .select([
      'staff_sessions.token_hash',
      'staff_sessions.csrf_token',
      'staff_sessions.created_at',
      'staff_sessions.last_seen_at',
      'staff_members.id',
      'staff_members.email',
      'staff_members.display_name',
      'staff_members.role',
      'staff_members.lang',
      'staff_members.revoked_at',
    ])
    .where('staff_sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  const idle = now.getTime() - Date.parse(row.last_seen_at);
  const age = now.getTime() - Date.parse(row.created_at);
  if (row.revoked_at !== null || idle > SESSION_IDLE_MS || age > SESSION_MAX_MS) {
    await db.deleteFrom('staff_sessions').where('token_hash', '=', row.token_hash).execute();
    return null;
  }
  if (idle > TOUCH_AFTER_MS) {
    await db
      .updateTable('staff_sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('token_hash', '=', row.token_hash)
      .execute();
  }
  const { id, email, display_name, role, lang } = row;
  return { member: { id, email, display_name, role, lang }, csrfToken: row.csrf_token };
}

/** Ends one session (sign-out). */
export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Ends every session of a member (revocation). */
export async function endSessionsOf(db: Kysely<Database>, memberId: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('member_id', '=', memberId).execute();
}
