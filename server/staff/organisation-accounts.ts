// Which member an organisation account (OpenID Connect, oidc.ts) signs in as. The provider
// vouches for an address, but addresses are reassigned: the member is bound to the provider's
// subject (`sub`, which a provider never gives to another person) at their first sign-in with
// it, and another subject with the same address is refused from then on. The provider alone
// opens nothing: a member, or a pending invitation of the address, must exist.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../storage/database.ts';
import { normalizeEmail, pendingInvitationOf, spendInvitation } from './invitations.ts';
import { cleanDisplayName, nameColumns, nameTaken } from './members.ts';
import { newId } from '../storage/tokens.ts';

/** What the provider says of the person, once the code is exchanged and the ID token checked. */
export interface OrganisationAccount {
  /** The provider (its issuer URL) and the person's subject there. */
  issuer: string;
  subject: string;
  /** An address the provider says it verified. */
  email: string;
  name: string;
}

export type OrganisationSignInResult =
  | { memberId: string; readmitted: boolean }
  /** No member and no invitation for the address (or a revoked member without a new one). */
  | { refused: 'not-invited'; memberId: null }
  /** The member is bound to another subject, or this subject to another member. */
  | { refused: 'other-subject'; memberId: string };

/** A display name no other member has: the provider's name, else with the address after it. */
async function freeName(trx: Transaction<Database>, name: string, email: string) {
  const wanted = cleanDisplayName(name) || email;
  if (!(await nameTaken(trx, wanted))) return wanted;
  const withAddress = cleanDisplayName(`${wanted} (${email})`);
  return (await nameTaken(trx, withAddress)) ? email : withAddress;
}

/** Makes a member from a pending invitation of the address (spent now), bound to the subject. */
async function memberFromInvitation(
  trx: Transaction<Database>,
  account: OrganisationAccount,
  now: Date,
): Promise<string | null> {
  const email = normalizeEmail(account.email);
  const invitation = await pendingInvitationOf(trx, email, now);
  if (!invitation || !(await spendInvitation(trx, invitation.token_hash, now))) return null;
  const id = newId();
  await trx
    .insertInto('staff_members')
    .values({
      id,
      email,
      ...nameColumns(await freeName(trx, account.name, email)),
      role: invitation.role,
      lang: invitation.lang,
      created_at: now.toISOString(),
      revoked_at: null,
      oidc_issuer: account.issuer,
      oidc_subject: account.subject,
    })
    .execute();
  return id;
}

/**
 * The member an organisation account signs in as: the member with that address, bound to this
 * subject (at their first organisation sign-in); a revoked member only with an invitation made
 * after the revocation (which brings them back); else a new member from a pending invitation.
 */
export async function memberForOrganisationAccount(
  db: Kysely<Database>,
  account: OrganisationAccount,
  now = new Date(),
): Promise<OrganisationSignInResult> {
  const email = normalizeEmail(account.email);
  return db.transaction().execute(async (trx): Promise<OrganisationSignInResult> => {
    const member = await trx
      .selectFrom('staff_members')
      .select(['id', 'revoked_at', 'oidc_issuer', 'oidc_subject'])
      .where('email', '=', email)
      .executeTakeFirst();
    const holder = await trx
      .selectFrom('staff_members')
      .select('id')
      .where('oidc_issuer', '=', account.issuer)
      .where('oidc_subject', '=', account.subject)
      .executeTakeFirst();
    if (!member) {
      if (holder) return { refused: 'other-subject', memberId: holder.id };
      const id = await memberFromInvitation(trx, account, now);
      return id ? { memberId: id, readmitted: false } : { refused: 'not-invited', memberId: null };
    }
    const bound = member.oidc_subject !== null;
    const sameSubject =
      member.oidc_issuer === account.issuer && member.oidc_subject === account.subject;
    if ((bound && !sameSubject) || (holder && holder.id !== member.id)) {
      return { refused: 'other-subject', memberId: member.id };
    }
    let readmitted = false;
    if (member.revoked_at !== null) {
      const invitation = await pendingInvitationOf(trx, email, now);
      if (
        !invitation ||
        invitation.created_at <= member.revoked_at ||
        !(await spendInvitation(trx, invitation.token_hash, now))
      ) {
        return { refused: 'not-invited', memberId: null };
      }
      await trx
        .updateTable('staff_members')
        .set({ revoked_at: null, role: invitation.role })
        .where('id', '=', member.id)
        .execute();
      readmitted = true;
    }
    if (!bound) {
      await trx
        .updateTable('staff_members')
        .set({ oidc_issuer: account.issuer, oidc_subject: account.subject })
        .where('id', '=', member.id)
        .execute();
    }
    return { memberId: member.id, readmitted };
  });
}
