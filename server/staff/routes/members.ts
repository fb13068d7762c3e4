// Administrators: the Staff page and its actions (invite, cancel an invitation, change a role,
// revoke a member). Reading the list of staff is a line of the audit log too.
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.ts';
import { audit } from '../../storage/audit.ts';
import { translatorOf } from '../guard.ts';
import {
  cancelInvitation,
  invite,
  invitedDetail,
  isRole,
  pendingInvitations,
} from '../invitations.ts';
import { changeRole, membersWithPasskeys, revokeMember } from '../members.ts';
import { isStaffLanguage } from '../messages.ts';
import { membersPage, type MembersPageData } from '../pages/members.ts';
import {
  ADMIN,
  contextOf,
  html,
  memberOf,
  notFound,
  sendsContent,
  type StaffDeps,
} from './context.ts';

type MembersExtra = Omit<MembersPageData, 'members' | 'invitations'>;

/** The Staff page: reading the list of staff is audited too (a HEAD shows nothing). */
async function showMembers(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  extra: MembersExtra = {},
  status = 200,
) {
  if (sendsContent(request)) {
    await audit(db, { memberId: memberOf(request).id, action: 'viewed', detail: 'staff list' });
  }
  const [members, invitations] = await Promise.all([
    membersWithPasskeys(db),
    pendingInvitations(db),
  ]);
  return html(reply, status, membersPage(contextOf(request), { members, invitations, ...extra }));
}

/** GET /staff/members; POST invite, cancel an invitation, a member's role and revocation. */
export const membersRoutes: FastifyPluginCallback<StaffDeps> = (
  app,
  { db, origin },
  pluginDone,
) => {
  app.get<{ Querystring: { done?: string } }>('/staff/members', ADMIN, async (request, reply) => {
    const t = translatorOf(request);
    const done = request.query.done === 'role' ? t('doneRole') : undefined;
    return showMembers(db, request, reply, done ? { done } : {});
  });

  app.post<{ Body: { email?: unknown; role?: unknown; lang?: unknown } }>(
    '/staff/members/invite',
    ADMIN,
    async (request, reply) => {
      const t = translatorOf(request);
      const email = typeof request.body.email === 'string' ? request.body.email.trim() : '';
      const role =
        typeof request.body.role === 'string' && isRole(request.body.role)
          ? request.body.role
          : 'agent';
      const lang =
        typeof request.body.lang === 'string' && isStaffLanguage(request.body.lang)
          ? request.body.lang
          : request.staffLang;
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
        return showMembers(
          db,
          request,
          reply,
          { inviteError: { email, error: t('inviteEmailInvalid') } },
          422,
        );
      }
      const { token, readmits } = await invite(db, { email, role, lang });
      await audit(db, {
        memberId: memberOf(request).id,
        action: 'invited',
        detail: invitedDetail(role, email, readmits),
      });
      // Shown once, in this answer only (no-store): the database keeps the token's hash.
      return showMembers(db, request, reply, {
        invitation: {
          email,
          link: `${origin}/staff/enrol?lang=${lang}#token=${token}`,
          readmits: readmits !== null,
        },
      });
    },
  );

  app.post<{ Params: { hash: string } }>(
    '/staff/invitations/:hash/cancel',
    ADMIN,
    async (request, reply) => {
      const email = await cancelInvitation(db, request.params.hash);
      if (!email) return notFound(reply);
      await audit(db, {
        memberId: memberOf(request).id,
        action: 'invitation-cancelled',
        detail: email,
      });
      const done = translatorOf(request)('doneCancelled', { email });
      return showMembers(db, request, reply, { done });
    },
  );

  app.post<{ Params: { id: string }; Body: { role?: unknown } }>(
    '/staff/members/:id/role',
    ADMIN,
    async (request, reply) => {
      const role = typeof request.body.role === 'string' ? request.body.role : '';
      if (!isRole(role)) return reply.code(400).send('Bad request');
      const changed = await changeRole(db, request.params.id, role);
      if (changed === 'unknown') return notFound(reply);
      if (changed === 'last-admin') {
        return showMembers(db, request, reply, { error: translatorOf(request)('lastAdmin') }, 422);
      }
      await audit(db, {
        memberId: memberOf(request).id,
        action: 'role',
        detail: `${request.params.id} ${role}`,
      });
      return reply.redirect('/staff/members?done=role', 303);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/staff/members/:id/revoke',
    ADMIN,
    async (request, reply) => {
      const t = translatorOf(request);
      const self = memberOf(request);
      if (request.params.id === self.id)
        return showMembers(db, request, reply, { error: t('revokeSelf') }, 422);
      const members = await membersWithPasskeys(db);
      const target = members.find((member) => member.id === request.params.id);
      if (!target) return notFound(reply);
      const revoked = await revokeMember(db, target.id);
      if (revoked === 'last-admin')
        return showMembers(db, request, reply, { error: t('lastAdmin') }, 422);
      if (revoked === 'done') {
        await audit(db, { memberId: self.id, action: 'revoked', detail: target.id });
      }
      return showMembers(db, request, reply, {
        done: t('doneRevoked', { name: target.display_name }),
      });
    },
  );
  pluginDone();
};
