// The organisation's sign-in (OpenID Connect; only when OIDC_* is configured): a redirect to
// the provider, and its callback, which opens a session for an invited member. Its cookie is
// SameSite=Lax: the provider sends the browser back with a cross-site navigation, which a
// Strict cookie would not follow.
import type { FastifyPluginCallback } from 'fastify';
import { audit } from '../../storage/audit.ts';
import { keepChallenge, takeChallenge } from '../challenges.ts';
import { isStaffLanguage, staffTranslator } from '../messages.ts';
import type { OrganisationSignIn, PendingSignIn } from '../oidc.ts';
import { memberForOrganisationAccount } from '../organisation-accounts.ts';
import { messagePage } from '../pages/message.ts';
import { signedInPage } from '../pages/sign-in.ts';
import { openSession } from '../sessions.ts';
import { contextOf, html, type StaffDeps } from './context.ts';
import { limitedOf, setSessionCookie } from './sign-in.ts';

const OIDC_COOKIE = '__Host-staff-oidc';

/** GET /staff/oidc/start and /staff/oidc/callback, for `organisation`. */
export const oidcRoutes: FastifyPluginCallback<StaffDeps & { organisation: OrganisationSignIn }> = (
  app,
  deps,
  pluginDone,
) => {
  const { db, organisation, origin } = deps;
  const limited = limitedOf(deps);

  app.get('/staff/oidc/start', limited, async (_request, reply) => {
    const { url, pending } = await organisation.start();
    const id = await keepChallenge(db, JSON.stringify(pending), 'oidc');
    reply.setCookie(OIDC_COOKIE, id, {
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      maxAge: 300,
    });
    return reply.redirect(url.href, 303);
  });

  app.get('/staff/oidc/callback', limited, async (request, reply) => {
    const context = contextOf(request);
    const { t } = context;
    const kept = await takeChallenge(db, request.cookies[OIDC_COOKIE], 'oidc');
    reply.clearCookie(OIDC_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'lax' });
    const account = kept
      ? await organisation.finish(new URL(request.url, origin), JSON.parse(kept) as PendingSignIn)
      : null;
    if (!account)
      return html(reply, 401, messagePage(context, t('signInTitle'), t('signInFailed')));
    if (account === 'unverified') {
      await audit(db, {
        memberId: null,
        action: 'sign-in-refused',
        detail: 'organisation: address not verified',
      });
      return html(reply, 403, messagePage(context, t('forbiddenTitle'), t('oidcUnverified')));
    }
    const result = await memberForOrganisationAccount(db, account);
    if ('refused' in result) {
      const other = result.refused === 'other-subject';
      if (other) {
        await audit(db, {
          memberId: result.memberId,
          action: 'sign-in-refused',
          detail: 'organisation: another subject',
        });
      }
      const text = other ? t('oidcOtherAccount') : t('oidcNotInvited', { email: account.email });
      return html(reply, 403, messagePage(context, t('forbiddenTitle'), text));
    }
    const { memberId } = result;
    if (result.readmitted)
      await audit(db, { memberId, action: 'readmitted', detail: 'organisation' });
    await audit(db, { memberId, action: 'signed-in', detail: 'organisation' });
    setSessionCookie(reply, await openSession(db, memberId));
    // In the member's own language, as every page from now on.
    const member = await db
      .selectFrom('staff_members')
      .select('lang')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    const lang = isStaffLanguage(member.lang) ? member.lang : context.lang;
    return html(reply, 200, signedInPage({ ...context, lang, t: staffTranslator(lang) }));
  });
  pluginDone();
};
