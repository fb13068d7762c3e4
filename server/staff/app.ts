// The desk's back office: its own Fastify app on its own address (STAFF_HOST:STAFF_PORT, never
// the public port), on the same database and upload folder as the form API. docs/back-office.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { loadForms } from '../../src/content/forms.ts';
import type { FormDefinition } from '../../src/forms/definition.ts';
import type { FormsConfig } from '../forms/config.ts';
import { toCsv } from '../forms/spreadsheet.ts';
import { exportSubmissions } from '../forms/submissions.ts';
import { trustedProxies } from '../trusted-proxies.ts';
import { OneLinePerRequest, requestSerializers } from '../logging.ts';
import { RateLimitedError, registerRateLimit, routeLimit } from '../rate-limit.ts';
import { openStorage, type Storage } from '../storage/database.ts';
import { readSealed, unwrapDataKey } from '../storage/encryption.ts';
import { checkMasterKey } from '../storage/master-key.ts';
import { openKeptFile } from '../forms/kept-files.ts';
import { answerRows, topicLabel } from './answers.ts';
import { audit, readAudit } from './audit.ts';
import { attachment } from './downloads.ts';
import { isOwnHost } from './host-check.ts';
import {
  browserLanguage,
  installGuard,
  translatorOf,
  type DeclaredRoute,
  type Refusal,
} from './guard.ts';
import {
  changeStatus,
  deleteSubmission,
  isStatus,
  listSubmissions,
  normalizeReference,
  readSubmission,
  takeSubmission,
  type InboxFilter,
} from './inbox.ts';
import { keepChallenge, takeChallenge } from './challenges.ts';
import {
  cancelInvitation,
  invite,
  invitedDetail,
  isRole,
  pendingInvitations,
} from './invitations.ts';
import {
  changeRole,
  listMembers,
  cleanDisplayName,
  membersWithPasskeys,
  revokeMember,
  setLanguage,
} from './members.ts';
import { addNote, NOTE_MAX_LENGTH, sealOldNotes } from './notes.ts';
import { memberForOrganisationAccount } from './organisation-accounts.ts';
import { isStaffLanguage, staffTranslator, type StaffLanguage } from './messages.ts';
import {
  auditPage,
  enrolPage,
  membersPage,
  signedInPage,
  inboxPage,
  messagePage,
  signInPage,
  submissionPage,
  type PageContext,
} from './pages.ts';
import {
  enrolOptions,
  enrolVerify,
  relyingPartyOf,
  signInOptions,
  signInVerify,
} from './passkeys.ts';
import { OrganisationSignIn, type OidcSettings, type PendingSignIn } from './oidc.ts';
import { endSession, openSession, SESSION_COOKIE, SESSION_MAX_MS } from './sessions.ts';
import { stripTypes } from './strip-types.ts';

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

const asset = (file: string) => readFileSync(join(import.meta.dirname, file), 'utf8');
const ASSETS: Record<string, { type: string; body: string }> = {
  'staff.css': { type: 'text/css; charset=utf-8', body: asset('browser/staff.css') },
  'passkey.js': {
    type: 'text/javascript; charset=utf-8',
    body: stripTypes(asset('browser/passkey.ts')),
  },
  'webauthn.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(
      join(
        import.meta.dirname,
        '../../node_modules/@simplewebauthn/browser/dist/bundle/index.umd.min.js',
      ),
      'utf8',
    ),
  },
};

/** True when a request sends its answer's content (a HEAD sends none: nothing to audit). */
const sendsContent = (request: FastifyRequest) => request.method !== 'HEAD';

/** Fastify's not-found answer (the back office's 404 page). */
const notFound = (reply: FastifyReply) => {
  reply.callNotFound();
  return reply;
};

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);

const contextOf = (request: FastifyRequest): PageContext => ({
  t: translatorOf(request),
  lang: request.staffLang,
  session: request.staffSession,
});

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

const firstString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export async function createStaffApp(options: StaffAppOptions): Promise<StaffApp> {
  const { origin } = options;
  const { masterKey } = options.forms;
  const forms: ReadonlyMap<string, FormDefinition> = new Map(
    Object.entries(loadForms(`${options.forms.contentDir}/forms`)),
  );
  const storage = await openStorage(options.forms.databaseUrl, options.forms.root);
  const { db } = storage;
  try {
    // A wrong master key is refused before any page is served (master-key.ts).
    await checkMasterKey(db, masterKey);
    await sealOldNotes(db, masterKey);
  } catch (error) {
    await storage.close();
    throw error;
  }
  const rp = relyingPartyOf(origin, staffTranslator('en')('appName'));
  const signInLimit = options.signInLimit ?? { max: 20, windowMs: 10 * 60_000 };
  const organisation = options.oidc
    ? new OrganisationSignIn(options.oidc, `${origin}/staff/oidc/callback`)
    : null;

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
  // Before everything else (the rate limit included): another host name gets nothing.
  app.addHook('onRequest', async (request, reply) => {
    if (isOwnHost(request.headers, origin)) return;
    const lang = browserLanguage(request);
    const t = staffTranslator(lang);
    const context = { t, lang, session: null };
    return html(reply, 421, messagePage(context, t('wrongHostTitle'), t('wrongHost', { origin })));
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await registerRateLimit(app, storage);
  // A route's own header wins (a download's stricter CSP).
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
  });

  const refuse = async (request: FastifyRequest, reply: FastifyReply, why: Refusal) => {
    const context = contextOf(request);
    const { t } = context;
    const status = why === 'signed-out' ? 401 : 403;
    if (request.url.startsWith('/staff/api/')) {
      return reply
        .code(status)
        .send({ error: why, message: why === 'signed-out' ? t('signInFailed') : t('forbidden') });
    }
    if (why === 'signed-out') return html(reply, 401, signInPage(context, Boolean(organisation)));
    const text = why === 'forbidden' ? t('forbidden') : t('expiredForm');
    return html(reply, 403, messagePage(context, t('forbiddenTitle'), text));
  };
  const staffRoutes = installGuard(app, { db, origin, refuse });

  app.setNotFoundHandler(async (request, reply) => {
    const context = contextOf(request);
    return html(
      reply,
      404,
      messagePage(context, context.t('notFoundTitle'), context.t('notFound')),
    );
  });
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

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      // Always: browsers keep a __Host- cookie only with it, and count http://localhost (the
      // developer's STAFF_ORIGIN) as secure.
      secure: true,
      sameSite: 'strict',
      maxAge: SESSION_MAX_MS / 1000,
    });

  // --- Assets and the pages before sign-in ---------------------------------------------------
  app.get<{ Params: { name: string } }>(
    '/staff/assets/:name',
    { config: { access: 'public' } },
    async (request, reply) => {
      const file = ASSETS[request.params.name];
      if (!file) return notFound(reply);
      return reply.type(file.type).send(file.body);
    },
  );
  app.get('/staff/sign-in', { config: { access: 'public' } }, async (request, reply) => {
    if (request.staffSession) return reply.redirect('/staff', 303);
    return html(reply, 200, signInPage(contextOf(request), Boolean(organisation)));
  });
  app.get('/staff/enrol', { config: { access: 'public' } }, async (request, reply) =>
    html(reply, 200, enrolPage(contextOf(request))),
  );

  const limited = {
    access: 'public' as const,
    rateLimit: routeLimit(signInLimit.max, signInLimit.windowMs),
  };
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
  app.post<{ Body: { token?: unknown; name?: unknown } }>(
    '/staff/api/enrol/options',
    { config: limited },
    async (request, reply) => {
      const started = await enrolOptions(db, rp, request.body);
      if ('refused' in started) return enrolRefused(request, reply, started.refused, 410);
      return started;
    },
  );
  app.post<{ Body: Record<string, unknown> }>(
    '/staff/api/enrol/verify',
    { config: limited },
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
  app.post('/staff/api/sign-in/options', { config: limited }, async () => signInOptions(db, rp));
  app.post<{ Body: Record<string, unknown> }>(
    '/staff/api/sign-in/verify',
    { config: limited },
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

  // The organisation's sign-in. Its cookie is SameSite=Lax: the provider sends the browser back
  // with a cross-site navigation, which a Strict cookie would not follow.
  const OIDC_COOKIE = '__Host-staff-oidc';
  if (organisation) {
    app.get('/staff/oidc/start', { config: limited }, async (_request, reply) => {
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
    app.get('/staff/oidc/callback', { config: limited }, async (request, reply) => {
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
  }

  // --- Signed in ------------------------------------------------------------------------------
  const agent = { config: { access: 'agent' as const } };
  const memberOf = (request: FastifyRequest) => {
    const session = request.staffSession;
    if (!session) throw new Error('the guard lets no request without a session through');
    return session.member;
  };

  app.post('/staff/sign-out', agent, async (request, reply) => {
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
  app.post<{ Body: { lang?: string } }>('/staff/language', agent, async (request, reply) => {
    const lang = request.body.lang ?? '';
    if (isStaffLanguage(lang)) await setLanguage(db, memberOf(request).id, lang);
    return reply.redirect(backTo(request, origin), 303);
  });

  const formTitle = (formId: string, lang: StaffLanguage) =>
    forms.get(formId)?.title[lang] ?? formId;
  const inbox = async (
    request: FastifyRequest,
    filter: InboxFilter,
    lookup?: { query: string; error: string },
    done?: string,
  ) => {
    const context = contextOf(request);
    const [{ rows, total }, members] = await Promise.all([
      listSubmissions(db, filter),
      listMembers(db),
    ]);
    const topics = new Map<string, string>();
    for (const form of forms.values()) {
      const field = form.fields.find((item) => 'name' in item && item.name === 'topic');
      for (const option of field && 'options' in field ? field.options : []) {
        topics.set(option.value, option.label[context.lang]);
      }
    }
    return inboxPage(context, {
      filter,
      rows,
      total,
      forms,
      members,
      topics: [...topics].map(([value, label]) => ({ value, label })),
      ...(lookup ? { lookup } : {}),
      ...(done ? { done } : {}),
      formTitle: (formId) => formTitle(formId, context.lang),
      topicLabel: (formId, topic) => topicLabel(forms.get(formId), topic, context.lang),
    });
  };

  app.get<{ Querystring: Record<string, unknown> }>('/staff', agent, async (request, reply) => {
    const query = request.query;
    const status = firstString(query.status);
    const lang = firstString(query.lang);
    const page = Number(firstString(query.page) ?? '1');
    const form = firstString(query.form);
    const filter: InboxFilter = {
      page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
      ...(status && isStatus(status) ? { status } : {}),
      ...(form && forms.has(form) ? { form } : {}),
      ...(firstString(query.topic) ? { topic: firstString(query.topic) } : {}),
      ...(lang && isStaffLanguage(lang) ? { lang } : {}),
      ...(firstString(query.assignee) ? { assignee: firstString(query.assignee) } : {}),
    };
    const deleted = normalizeReference(firstString(query.deleted) ?? '');
    const done = deleted ? translatorOf(request)('doneDeleted', { reference: deleted }) : undefined;
    return html(reply, 200, await inbox(request, filter, undefined, done));
  });

  app.get<{ Querystring: { reference?: unknown } }>(
    '/staff/find',
    agent,
    async (request, reply) => {
      const t = translatorOf(request);
      const typed = firstString(request.query.reference) ?? '';
      const reference = normalizeReference(typed);
      if (reference) {
        const found = await db
          .selectFrom('submissions')
          .select('id')
          .where('id', '=', reference)
          .executeTakeFirst();
        if (found) return reply.redirect(`/staff/submissions/${found.id}`, 303);
      }
      const error = reference ? t('referenceNotFound', { reference }) : t('referenceInvalid');
      return html(
        reply,
        reference ? 404 : 400,
        await inbox(request, { page: 1 }, { query: typed, error }),
      );
    },
  );

  type SubmissionRequest = FastifyRequest<{
    Params: { ref: string };
    Querystring: { done?: string };
  }>;
  const showSubmission = async (
    request: SubmissionRequest,
    reply: FastifyReply,
    extra: {
      done?: string;
      noteError?: { text: string; error: string };
      deleteError?: string;
    } = {},
    status = 200,
  ) => {
    const context = contextOf(request);
    const submission = await readSubmission(db, request.params.ref, masterKey);
    if (!submission)
      return html(
        reply,
        404,
        messagePage(context, context.t('notFoundTitle'), context.t('notFound')),
      );
    // Every answer that shows a submission is a reading of it, whatever its status (a 422 of an
    // empty note or an unconfirmed deletion shows it whole); a HEAD shows nothing.
    if (sendsContent(request)) {
      await audit(db, {
        memberId: memberOf(request).id,
        action: 'viewed',
        submissionId: submission.id,
      });
    }
    const form = forms.get(submission.form_id);
    const visitorLanguage = isStaffLanguage(submission.lang) ? submission.lang : context.lang;
    return html(
      reply,
      status,
      submissionPage(context, {
        submission,
        formTitle: formTitle(submission.form_id, context.lang),
        answers: form
          ? answerRows(
              form,
              submission.values,
              submission.files,
              context.lang,
              visitorLanguage,
              context.t,
            )
          : [],
        ...extra,
      }),
    );
  };
  const exists = async (ref: string) =>
    Boolean(
      await db.selectFrom('submissions').select('id').where('id', '=', ref).executeTakeFirst(),
    );

  app.get('/staff/submissions/:ref', agent, async (request: SubmissionRequest, reply) => {
    const { t } = contextOf(request);
    const done = request.query.done;
    const doneText =
      done === 'taken'
        ? t('doneTaken')
        : done === 'note'
          ? t('doneNote')
          : done && isStatus(done)
            ? t('doneStatus', { status: t(`status_${done}`) })
            : undefined;
    return showSubmission(request, reply, doneText ? { done: doneText } : {});
  });

  app.get<{ Params: { ref: string; token: string } }>(
    '/staff/submissions/:ref/files/:token',
    agent,
    async (request, reply) => {
      const file = await db
        .selectFrom('uploads')
        .select(['token', 'file_name', 'size', 'wrapped_key'])
        .where('submission_id', '=', request.params.ref)
        .where('token', '=', request.params.token)
        .executeTakeFirst();
      if (!file) return notFound(reply);
      const name = readSealed(masterKey, file.wrapped_key, file.file_name);
      // Always a download, never rendered in the back office's origin, whatever the file holds.
      reply
        .type('application/octet-stream')
        .header('content-disposition', attachment(name))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-length', String(file.size));
      // A HEAD sends no byte of the file: no download to audit, nothing to decrypt.
      if (!sendsContent(request)) return reply.send();
      const { stream: body } = await openKeptFile(
        db,
        options.forms.uploadDir,
        file.token,
        // Files kept before encryption are sent as they are.
        file.wrapped_key ? unwrapDataKey(masterKey, file.wrapped_key) : undefined,
      );
      await audit(db, {
        memberId: memberOf(request).id,
        action: 'downloaded',
        submissionId: request.params.ref,
        detail: file.token,
      });
      return reply.send(body);
    },
  );

  app.post('/staff/submissions/:ref/take', agent, async (request: SubmissionRequest, reply) => {
    if (!(await exists(request.params.ref))) return notFound(reply);
    await takeSubmission(db, request.params.ref, memberOf(request).id);
    return reply.redirect(`/staff/submissions/${request.params.ref}?done=taken`, 303);
  });
  app.post<{ Params: { ref: string }; Body: { status?: string } }>(
    '/staff/submissions/:ref/status',
    agent,
    async (request, reply) => {
      const status = request.body.status ?? '';
      if (!(await exists(request.params.ref))) return notFound(reply);
      if (!isStatus(status)) return reply.code(400).send('Bad request');
      await changeStatus(db, request.params.ref, status, memberOf(request).id);
      return reply.redirect(`/staff/submissions/${request.params.ref}?done=${status}`, 303);
    },
  );
  app.post<{ Params: { ref: string }; Querystring: { done?: string }; Body: { text?: unknown } }>(
    '/staff/submissions/:ref/notes',
    agent,
    async (request, reply) => {
      const t = translatorOf(request);
      if (!(await exists(request.params.ref))) return notFound(reply);
      const raw = typeof request.body.text === 'string' ? request.body.text : '';
      const text = raw.trim();
      if (!text || text.length > NOTE_MAX_LENGTH) {
        const error = text ? t('noteTooLong', { max: NOTE_MAX_LENGTH }) : t('noteMissing');
        return showSubmission(request, reply, { noteError: { text: raw, error } }, 422);
      }
      await addNote(db, request.params.ref, memberOf(request).id, text, masterKey);
      return reply.redirect(`/staff/submissions/${request.params.ref}?done=note`, 303);
    },
  );

  // --- Administrators -------------------------------------------------------------------------
  const admin = { config: { access: 'admin' as const } };

  app.get<{ Querystring: { form?: unknown; format?: unknown } }>(
    '/staff/export',
    admin,
    async (request, reply) => {
      const form = forms.get(firstString(request.query.form) ?? '');
      const format = request.query.format === 'xlsx' ? 'xlsx' : 'csv';
      if (!form) return notFound(reply);
      await audit(db, {
        memberId: memberOf(request).id,
        action: 'exported',
        detail: `${form.id} ${format}`,
      });
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="${form.id}-${day}.${format}"`);
      if (format === 'xlsx') {
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .send(await exportSubmissions(db, form, 'xlsx', { masterKey }));
      }
      return reply
        .type('text/csv; charset=utf-8')
        .send(await exportSubmissions(db, form, 'csv', { masterKey }));
    },
  );

  app.post<{
    Params: { ref: string };
    Querystring: { done?: string };
    Body: { confirm?: unknown };
  }>('/staff/submissions/:ref/delete', admin, async (request, reply) => {
    if (!(await exists(request.params.ref))) return notFound(reply);
    if (request.body.confirm !== 'yes') {
      return showSubmission(
        request,
        reply,
        { deleteError: translatorOf(request)('deleteUnconfirmed') },
        422,
      );
    }
    await deleteSubmission(db, options.forms.uploadDir, request.params.ref, {
      memberId: memberOf(request).id,
      action: 'deleted',
    });
    return reply.redirect(`/staff?deleted=${request.params.ref}`, 303);
  });

  type MembersExtra = Omit<Parameters<typeof membersPage>[1], 'members' | 'invitations'>;
  /** The Staff page: reading the list of staff is audited too (a HEAD shows nothing). */
  const showMembers = async (
    request: FastifyRequest,
    reply: FastifyReply,
    extra: MembersExtra = {},
    status = 200,
  ) => {
    if (sendsContent(request)) {
      await audit(db, { memberId: memberOf(request).id, action: 'viewed', detail: 'staff list' });
    }
    const [members, invitations] = await Promise.all([
      membersWithPasskeys(db),
      pendingInvitations(db),
    ]);
    return html(reply, status, membersPage(contextOf(request), { members, invitations, ...extra }));
  };

  app.get<{ Querystring: { done?: string } }>('/staff/members', admin, async (request, reply) => {
    const t = translatorOf(request);
    const done = request.query.done === 'role' ? t('doneRole') : undefined;
    return showMembers(request, reply, done ? { done } : {});
  });

  app.post<{ Body: { email?: unknown; role?: unknown; lang?: unknown } }>(
    '/staff/members/invite',
    admin,
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
      return showMembers(request, reply, {
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
    admin,
    async (request, reply) => {
      const email = await cancelInvitation(db, request.params.hash);
      if (!email) return notFound(reply);
      await audit(db, {
        memberId: memberOf(request).id,
        action: 'invitation-cancelled',
        detail: email,
      });
      const done = translatorOf(request)('doneCancelled', { email });
      return showMembers(request, reply, { done });
    },
  );

  app.post<{ Params: { id: string }; Body: { role?: unknown } }>(
    '/staff/members/:id/role',
    admin,
    async (request, reply) => {
      const role = typeof request.body.role === 'string' ? request.body.role : '';
      if (!isRole(role)) return reply.code(400).send('Bad request');
      const changed = await changeRole(db, request.params.id, role);
      if (changed === 'unknown') return notFound(reply);
      if (changed === 'last-admin') {
        return showMembers(request, reply, { error: translatorOf(request)('lastAdmin') }, 422);
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
    admin,
    async (request, reply) => {
      const t = translatorOf(request);
      const self = memberOf(request);
      if (request.params.id === self.id)
        return showMembers(request, reply, { error: t('revokeSelf') }, 422);
      const members = await membersWithPasskeys(db);
      const target = members.find((member) => member.id === request.params.id);
      if (!target) return notFound(reply);
      const revoked = await revokeMember(db, target.id);
      if (revoked === 'last-admin')
        return showMembers(request, reply, { error: t('lastAdmin') }, 422);
      if (revoked === 'done') {
        await audit(db, { memberId: self.id, action: 'revoked', detail: target.id });
      }
      return showMembers(request, reply, { done: t('doneRevoked', { name: target.display_name }) });
    },
  );

  app.get('/staff/audit/export', admin, async (request, reply) => {
    const lines = await readAudit(db, 1_000_000);
    await audit(db, { memberId: memberOf(request).id, action: 'exported', detail: 'audit log' });
    const day = new Date().toISOString().slice(0, 10);
    const rows = [
      ['at', 'member_id', 'member_email', 'member_name', 'action', 'submission', 'detail'],
      ...lines.map((line) => [
        line.at,
        line.member_id ?? '',
        line.member_email ?? '',
        line.member_name ?? '',
        line.action,
        line.submission_id ?? '',
        line.detail,
      ]),
    ];
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
      .send(toCsv(rows));
  });

  app.get('/staff/audit', admin, async (request, reply) => {
    // Reading the log is a line of it too (before it is read, so the page shows it).
    if (sendsContent(request)) {
      await audit(db, { memberId: memberOf(request).id, action: 'viewed', detail: 'audit log' });
    }
    return html(reply, 200, auditPage(contextOf(request), { lines: await readAudit(db, 500) }));
  });

  return Object.assign(app as unknown as StaffApp, { staffRoutes, staffStorage: storage });
}
