// A signed-in member's own session: signing out, and the language of their back office.
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { audit } from '../../storage/audit.ts';
import { setLanguage } from '../members.ts';
import { isStaffLanguage } from '../messages.ts';
import { endSession, SESSION_COOKIE } from '../sessions.ts';
import { AGENT, memberOf, type StaffDeps } from './context.ts';

/** The page a staff member came from, if it is a back-office page (never another site). */
function backTo(request: FastifyRequest, origin: string): string {
  const referer = request.headers.referer;
  if (!referer) return '/staff';
  try {
    const url = new URL(referer);
    if (url.origin !== origin || !/^\/staff(\/|$)/.test(url.pathname)) return '/staff';
    return url.pathname + url.search;
  } catch {
    return '/staff';
  }
}

/** POST /staff/sign-out and /staff/language. */
export const sessionRoutes: FastifyPluginCallback<StaffDeps> = (
  app,
  { db, origin },
  pluginDone,
) => {
  app.post('/staff/sign-out', AGENT, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await endSession(db, token);
    await audit(db, { memberId: memberOf(request).id, action: 'signed-out' });
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
    });
    return reply.redirect('/staff/sign-in', 303);
  });
  app.post<{ Body: { lang?: string } }>('/staff/language', AGENT, async (request, reply) => {
    const lang = request.body.lang ?? '';
    if (isStaffLanguage(lang)) await setLanguage(db, memberOf(request).id, lang);
    return reply.redirect(backTo(request, origin), 303);
  });
  pluginDone();
};
