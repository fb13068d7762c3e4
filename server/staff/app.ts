// The desk's back office: its own Fastify app on its own address (STAFF_HOST:STAFF_PORT, never
// the public port), on the same database and upload folder as the form API. docs/back-office.md.
// This module makes the app (storage, hooks, the guard, the answers to errors) and registers one
// route plugin per area (routes/); each route declares its access (guard.ts).
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { loadForms } from '../../src/content/forms.ts';
import { loadSite, TEXT_ONLY_ADDRESS } from '../../src/content/site.ts';
import type { FormDefinition } from '../../src/forms/definition.ts';
import type { FormsConfig } from '../forms/config.ts';
import { trustedProxies } from '../trusted-proxies.ts';
import { OneLinePerRequest, requestSerializers } from '../logging.ts';
import { RateLimitedError, registerRateLimit } from '../rate-limit.ts';
import { openStorage, type Storage } from '../storage/database.ts';
import { checkMasterKey } from '../storage/master-key.ts';
import { isOwnHost } from './host-check.ts';
import { browserLanguage, installGuard, type DeclaredRoute, type Refusal } from './guard.ts';
import { sealOldNotes } from './notes.ts';
import { staffTranslator } from './messages.ts';
import { messagePage } from './pages/message.ts';
import { signInPage } from './pages/sign-in.ts';
import { relyingPartyOf } from './passkeys.ts';
import { OrganisationSignIn, type OidcSettings } from './oidc.ts';
import { assetRoutes } from './routes/assets.ts';
import { auditRoutes } from './routes/audit.ts';
import { contextOf, html, notFoundPage, type StaffDeps } from './routes/context.ts';
import { exportRoutes } from './routes/export.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { membersRoutes } from './routes/members.ts';
import { oidcRoutes } from './routes/oidc.ts';
import { sessionRoutes } from './routes/session.ts';
import { signInRoutes } from './routes/sign-in.ts';
import { submissionRoutes } from './routes/submission.ts';
import { deskCaseRoutes } from './routes/desk-cases.ts';
import { overviewRoutes } from './routes/overview.ts';
import { answerRoutes } from './routes/answer.ts';
import { templateRoutes } from './routes/templates.ts';

export interface StaffAppOptions {
  /** The form API's settings: the same database, forms and upload folder. */
  forms: FormsConfig;
  /** STAFF_ORIGIN: the address staff type, to which passkeys are bound. */
  origin: string;
  logLevel?: string;
  logStream?: { write: (line: string) => void };
  /** Sign-in and enrolment attempts per address and window. */
  signInLimit?: { max: number; windowMs: number };
  /** Sign-in through the organisation's OpenID Connect provider (OIDC_*); off when unset. */
  oidc?: OidcSettings;
  /** TRUSTED_PROXIES: whose X-Forwarded-For and -Proto count; none when unset. */
  trustedProxies?: readonly string[];
}

export type StaffApp = FastifyInstance & { staffRoutes: DeclaredRoute[]; staffStorage: Storage };

// The pages own no inline script or style; files are downloads, never rendered here.
const HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** Opens the database (refusing a wrong master key) and seals notes kept before encryption. */
async function openStaffStorage(config: FormsConfig): Promise<Storage> {
  const storage = await openStorage(config.databaseUrl, config.root);
  try {
    // A wrong master key is refused before any page is served (master-key.ts).
    await checkMasterKey(storage.db, config.masterKey);
    await sealOldNotes(storage.db, config.masterKey);
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}

/**
 * The answers that are not a route's: another host (421), a refusal of the guard (401 sign-in
 * page, 403), not found (404), too many attempts (429) and errors, as a page or, under
 * /staff/api/, as JSON.
 */
function answerRefusalsAndErrors(app: FastifyInstance, origin: string, organisation: boolean) {
  // Before everything else (the rate limit included): another host name gets nothing.
  app.addHook('onRequest', async (request, reply) => {
    if (isOwnHost(request.headers, origin)) return;
    const lang = browserLanguage(request);
    const t = staffTranslator(lang);
    const context = { t, lang, session: null };
    return html(reply, 421, messagePage(context, t('wrongHostTitle'), t('wrongHost', { origin })));
  });
  app.setNotFoundHandler(async (request, reply) => html(reply, 404, notFoundPage(request)));
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const context = contextOf(request);
    const { t } = context;
    if (error instanceof RateLimitedError) {
      // Refused before the session is read (onRequest): the browser's language.
      const message = staffTranslator(browserLanguage(request))('tooManyAttempts');
      reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(429).send({ error: 'rate_limited', message });
    }
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    if (request.url.startsWith('/staff/api/'))
      return reply.code(status).send({ error: 'failed', message: t('error') });
    return html(reply, status, messagePage(context, t('errorTitle'), t('error')));
  });
  return async (request: FastifyRequest, reply: FastifyReply, why: Refusal) => {
    const context = contextOf(request);
    const { t } = context;
    const status = why === 'signed-out' ? 401 : 403;
    if (request.url.startsWith('/staff/api/')) {
      return reply
        .code(status)
        .send({ error: why, message: why === 'signed-out' ? t('signInFailed') : t('forbidden') });
    }
    if (why === 'signed-out') return html(reply, 401, signInPage(context, organisation));
    const text = why === 'forbidden' ? t('forbidden') : t('expiredForm');
    return html(reply, 403, messagePage(context, t('forbiddenTitle'), text));
  };
}

/** Makes the back office; call listen() on the result. */
export async function createStaffApp(options: StaffAppOptions): Promise<StaffApp> {
  const { origin } = options;
  const forms: ReadonlyMap<string, FormDefinition> = new Map(
    Object.entries(loadForms(`${options.forms.contentDir}/forms`)),
  );
  const storage = await openStaffStorage(options.forms);
  const { db } = storage;
  const deps: StaffDeps = {
    db,
    forms,
    masterKey: options.forms.masterKey,
    uploadDir: options.forms.uploadDir,
    origin,
    rp: relyingPartyOf(origin, staffTranslator('en')('appName')),
    signInLimit: options.signInLimit ?? { max: 20, windowMs: 10 * 60_000 },
    organisation: options.oidc
      ? new OrganisationSignIn(options.oidc, `${origin}/staff/oidc/callback`)
      : null,
    mailConfigured: Boolean(options.forms.smtpUrl),
    answerDays: loadSite(`${options.forms.contentDir}/site.yaml`, TEXT_ONLY_ADDRESS).deskAnswerDays,
  };

  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      serializers: requestSerializers('off'),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new OneLinePerRequest(),
    trustProxy: trustedProxies(options.trustedProxies),
    bodyLimit: 64 * 1024,
  });
  app.addHook('onClose', () => storage.close());
  const refuse = answerRefusalsAndErrors(app, origin, deps.organisation !== null);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await registerRateLimit(app, storage);
  // A route's own header wins (a download's stricter CSP).
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
  });
  const staffRoutes = installGuard(app, { db, origin, refuse });

  // One plugin per area; each route in it declares its access (public, agent or admin).
  await app.register(assetRoutes);
  await app.register(signInRoutes, deps);
  if (deps.organisation) {
    await app.register(oidcRoutes, { ...deps, organisation: deps.organisation });
  }
  await app.register(sessionRoutes, deps);
  await app.register(inboxRoutes, deps);
  await app.register(exportRoutes, deps);
  await app.register(submissionRoutes, deps);
  await app.register(deskCaseRoutes, deps);
  await app.register(overviewRoutes, deps);
  await app.register(answerRoutes, deps);
  await app.register(templateRoutes, deps);
  await app.register(membersRoutes, deps);
  await app.register(auditRoutes, deps);

  return Object.assign(app as unknown as StaffApp, { staffRoutes, staffStorage: storage });
}
