// What every route plugin of the back office is given (the database, the forms, the keys and
// addresses) and the small helpers they share: the access each route declares, answering with
// a page, the page context of a request, the member of a signed-in request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FormDefinition } from '../../../src/forms/definition.ts';
import type { Database } from '../../storage/database.ts';
import type { MasterKey } from '../../storage/encryption.ts';
import { translatorOf } from '../guard.ts';
import type { StaffLanguage } from '../messages.ts';
import type { OrganisationSignIn } from '../oidc.ts';
import type { PageContext } from '../pages/document.ts';
import { messagePage } from '../pages/message.ts';
import type { RelyingParty } from '../passkeys.ts';

/** The options of every route plugin (createStaffApp makes them once). */
export interface StaffDeps {
  db: Kysely<Database>;
  /** The forms by id: a Map, so that "constructor" or "__proto__" is just an unknown id. */
  forms: ReadonlyMap<string, FormDefinition>;
  masterKey: MasterKey;
  uploadDir: string;
  /** STAFF_ORIGIN: the address staff type, to which passkeys are bound. */
  origin: string;
  rp: RelyingParty;
  /** Sign-in and enrolment attempts per address and window. */
  signInLimit: { max: number; windowMs: number };
  /** The organisation's OpenID Connect sign-in; null when it is not configured. */
  organisation: OrganisationSignIn | null;
  /** SMTP_URL is set: an answer may go by e-mail (the form API's worker sends it). */
  mailConfigured: boolean;
  /** content/site.yaml's deskAnswerDays: an open case older than this is overdue. */
  answerDays: number;
}

/** The access a route declares in its config; guard.ts refuses a route without one. */
export const PUBLIC = { config: { access: 'public' as const } };
export const AGENT = { config: { access: 'agent' as const } };
export const ADMIN = { config: { access: 'admin' as const } };

/** True when a request sends its answer's content (a HEAD sends none: nothing to audit). */
export const sendsContent = (request: FastifyRequest) => request.method !== 'HEAD';

/** Fastify's not-found answer (the back office's 404 page). */
export const notFound = (reply: FastifyReply) => {
  reply.callNotFound();
  return reply;
};

/** Answers with a page. */
export const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);

/** The page context of a request: its member's (or browser's) language and its session. */
export const contextOf = (request: FastifyRequest): PageContext => ({
  t: translatorOf(request),
  lang: request.staffLang,
  session: request.staffSession,
});

/** The not-found page, in the request's language. */
export const notFoundPage = (request: FastifyRequest) => {
  const context = contextOf(request);
  return messagePage(context, context.t('notFoundTitle'), context.t('notFound'));
};

/** The member of a request the guard let through to an agent's or administrator's route. */
export const memberOf = (request: FastifyRequest) => {
  const session = request.staffSession;
  if (!session) throw new Error('the guard lets no request without a session through');
  return session.member;
};

/** A query or form value when it is a non-empty string. */
export const firstString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** A form's title in a language, or its id when it is not (or no longer) a form. */
export const formTitle = (deps: StaffDeps, formId: string, lang: StaffLanguage) =>
  deps.forms.get(formId)?.title[lang] ?? formId;
