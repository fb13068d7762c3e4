// Who may call what in the back office. Every route declares its access in its config
// (`config: { access: 'public' | 'agent' | 'admin' }`); a route without one stops the server at
// start, so a new route cannot forget it. One hook then answers 401 without a session, 403 for
// the wrong role, and 403 to a state change that is not from our own pages (Sec-Fetch-Site or
// Origin) or lacks the session's CSRF token.
import { timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isStateChanging, originVerdict } from '../same-origin.ts';
import type { Database } from '../storage/database.ts';
import {
  isStaffLanguage,
  staffTranslator,
  type StaffLanguage,
  type StaffTranslate,
} from './messages.ts';
import { readSession, SESSION_COOKIE, type StaffSession } from './sessions.ts';

export type Access = 'public' | 'agent' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    staffSession: StaffSession | null;
    staffLang: StaffLanguage;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

export type Refusal = 'signed-out' | 'forbidden' | 'cross-origin' | 'csrf';

export interface GuardOptions {
  db: Kysely<Database>;
  origin: string;
  /** How a refused request is answered (a page or JSON, in the reader's language). */
  refuse: (request: FastifyRequest, reply: FastifyReply, why: Refusal) => Promise<unknown>;
}

/**
 * The language before sign-in: the link's ?lang= (an invitation's), else the browser's first
 * staff language, else English.
 */
export function browserLanguage(request: FastifyRequest): StaffLanguage {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  if (typeof asked === 'string' && isStaffLanguage(asked)) return asked;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().slice(0, 2).toLowerCase() ?? '');
  return accepted.find(isStaffLanguage) ?? 'en';
}

const sameToken = (given: unknown, expected: string) => {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
};

/** Installs the guard on the staff app; returns the list of declared routes (tests walk it). */
export function installGuard(app: FastifyInstance, options: GuardOptions): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  app.decorateRequest('staffSession', null);
  app.decorateRequest('staffLang', 'en');
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access)
      throw new Error(`staff route ${String(route.method)} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });
  app.addHook('preHandler', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await readSession(options.db, token) : null;
    request.staffSession = session;
    request.staffLang =
      session && isStaffLanguage(session.member.lang)
        ? session.member.lang
        : browserLanguage(request);
    // The not-found handler has no config: it shows nothing that needs a session.
    const access = request.routeOptions.config.access ?? 'public';
    if (access !== 'public' && !session) return options.refuse(request, reply, 'signed-out');
    if (access === 'admin' && session?.member.role !== 'admin') {
      return options.refuse(request, reply, 'forbidden');
    }
    if (!isStateChanging(request.method)) return;
    // Only our own pages post here: tools without Sec-Fetch-Site or Origin are refused too.
    if (originVerdict(request.headers, options.origin) !== 'same') {
      return options.refuse(request, reply, 'cross-origin');
    }
    // Sign-in and enrolment are open routes: a page without a session posts them too.
    if (session && access !== 'public') {
      const body = request.body as { csrf?: unknown } | undefined;
      const given = request.headers['x-csrf-token'] ?? body?.csrf;
      if (!sameToken(given, session.csrfToken)) return options.refuse(request, reply, 'csrf');
    }
    // A post with no body (the CSRF token may come as a header) is an empty form to the routes,
    // which read fields from an object: refused as a missing field, never a server error.
    if (request.body === undefined || request.body === null || typeof request.body !== 'object') {
      request.body = {};
    }
  });
  return routes;
}

/** The translator of a request's language. */
export const translatorOf = (request: FastifyRequest): StaffTranslate =>
  staffTranslator(request.staffLang);
