// Signing in and enrolling with a passkey: the two pages, and the JSON steps of the WebAuthn
// ceremonies (options, then verify), limited per address. A verified ceremony opens a session.
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { routeLimit } from '../../rate-limit.ts';
import { audit } from '../../storage/audit.ts';
import { translatorOf } from '../guard.ts';
import { cleanDisplayName } from '../members.ts';
import { enrolPage, signInPage } from '../pages/sign-in.ts';
import { enrolOptions, enrolVerify, signInOptions, signInVerify } from '../passkeys.ts';
import { openSession, SESSION_COOKIE, SESSION_MAX_MS } from '../sessions.ts';
import { contextOf, html, PUBLIC, type StaffDeps } from './context.ts';

/** Sets the session cookie of a member who just signed in. */
export const setSessionCookie = (reply: FastifyReply, token: string) =>
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    // Always: browsers keep a __Host- cookie only with it, and count http://localhost (the
    // developer's STAFF_ORIGIN) as secure.
    secure: true,
    sameSite: 'strict',
    maxAge: SESSION_MAX_MS / 1000,
  });

/** An open route limited per address (sign-in and enrolment attempts). */
export const limitedOf = (deps: StaffDeps) => ({
  config: {
    access: 'public' as const,
    rateLimit: routeLimit(deps.signInLimit.max, deps.signInLimit.windowMs),
  },
});

/** Why an enrolment is refused, as JSON in the reader's language. */
const enrolRefused = (
  request: FastifyRequest<{ Body: { name?: unknown } }>,
  reply: FastifyReply,
  why: 'invitation' | 'name',
  invitationStatus: number,
) => {
  const t = translatorOf(request);
  if (why === 'name') {
    const name = cleanDisplayName(request.body.name);
    return reply.code(409).send({ error: 'name', message: t('enrolNameTaken', { name }) });
  }
  return reply.code(invitationStatus).send({ error: 'invitation', message: t('enrolInvalid') });
};

/** GET /staff/sign-in and /staff/enrol; POST /staff/api/{enrol,sign-in}/{options,verify}. */
export const signInRoutes: FastifyPluginCallback<StaffDeps> = (app, deps, pluginDone) => {
  const { db, rp } = deps;
  const limited = limitedOf(deps);

  app.get('/staff/sign-in', PUBLIC, async (request, reply) => {
    if (request.staffSession) return reply.redirect('/staff', 303);
    return html(reply, 200, signInPage(contextOf(request), Boolean(deps.organisation)));
  });
  app.get('/staff/enrol', PUBLIC, async (request, reply) =>
    html(reply, 200, enrolPage(contextOf(request))),
  );

  app.post<{ Body: { token?: unknown; name?: unknown } }>(
    '/staff/api/enrol/options',
    limited,
    async (request, reply) => {
      const started = await enrolOptions(db, rp, request.body);
      if ('refused' in started) return enrolRefused(request, reply, started.refused, 410);
      return started;
    },
  );
  app.post<{ Body: Record<string, unknown> }>(
    '/staff/api/enrol/verify',
    limited,
    async (request, reply) => {
      const enrolled = await enrolVerify(db, rp, request.body);
      if ('refused' in enrolled) return enrolRefused(request, reply, enrolled.refused, 400);
      // Back after a revocation: only through an invitation made since (members.ts enrol).
      const action = enrolled.readmitted ? 'readmitted' : 'enrolled';
      await audit(db, { memberId: enrolled.memberId, action });
      setSessionCookie(reply, await openSession(db, enrolled.memberId));
      return { signedIn: true };
    },
  );
  app.post('/staff/api/sign-in/options', limited, async () => signInOptions(db, rp));
  app.post<{ Body: Record<string, unknown> }>(
    '/staff/api/sign-in/verify',
    limited,
    async (request, reply) => {
      const signedIn = await signInVerify(db, rp, request.body);
      if (!signedIn)
        return reply
          .code(401)
          .send({ error: 'sign-in', message: translatorOf(request)('signInFailed') });
      await audit(db, { memberId: signedIn.memberId, action: 'signed-in' });
      setSessionCookie(reply, await openSession(db, signedIn.memberId));
      return { signedIn: true };
    },
  );
  pluginDone();
};
