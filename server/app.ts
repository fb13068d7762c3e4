// The Fastify app: the static site with its URL rules and cache headers, and the /api routes.
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { localeOfPath, type LocaleId } from '../src/i18n/locales.ts';
import { REQUESTED_PATH_MARKER } from '../src/routes/page-data.ts';
import { isAdminPath, isPagePath, notFoundPath } from '../src/routes/url-rules.ts';
import type { FormsConfig } from './forms/config.ts';
import { registerFormsApi } from './forms-api.ts';
import { registerHealthRoutes } from './readiness.ts';
import { registerLeaveRoute } from './leave.ts';
import { judgePath } from './canonical-path.ts';
import { OneLinePerRequest, requestSerializers, type ClientAddressLogging } from './logging.ts';
import { ADMIN_SECURITY_HEADERS, securityHeaders } from './security-headers.ts';
import { trustedProxies } from './trusted-proxies.ts';
import { cacheControlFor, contentTypeFor, fileForPath } from './url-rules.ts';
import { escapeHtml } from '../src/content/escape-html.ts';

export interface AppOptions {
  distDir: string;
  logLevel?: string;
  /** The form API (POST /api/forms/:id, /api/uploads); off when not given. */
  forms?: FormsConfig;
  /** The statistics endpoint (MATOMO_URL), allowed by the Content-Security-Policy. */
  matomoUrl?: string;
  /** LOG_CLIENT_ADDRESS: readers' addresses are not logged unless "truncated". */
  logClientAddress?: ClientAddressLogging;
  /** Where log lines go (tests read them); standard output when unset. */
  logStream?: { write: (line: string) => void };
  /**
   * TRUSTED_PROXIES: the proxies whose X-Forwarded-For and X-Forwarded-Proto count (the
   * per-address rate limits need the reader's address); none when unset, so that no client, a
   * process of this machine included, chooses its own address.
   */
  trustedProxies?: readonly string[];
}

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

const badRequest = (reply: FastifyReply) =>
  reply.code(400).type('text/plain; charset=utf-8').send('Bad request');

const isFile = async (file: string) => (await stat(file).catch(() => null))?.isFile() ?? false;

/** Builds the app; call listen() on the result. */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const { distDir } = options;
  // Throws, before anything listens, when MATOMO_URL is not https.
  const headers = securityHeaders(options.matomoUrl);
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      serializers: requestSerializers(options.logClientAddress ?? 'off'),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new OneLinePerRequest(),
    trustProxy: trustedProxies(options.trustedProxies),
    // A path the router cannot decode (a bad escape, bytes that are not UTF-8) gets the same
    // answer as any other path, with the same headers, instead of Fastify's own JSON 400.
    frameworkErrors: (error, request, reply) => {
      reply.headers(headers);
      if (error.code === 'FST_ERR_BAD_URL' && isRead(request)) void answerPath(request, reply);
      else void badRequest(reply);
    },
  });
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(file.slice(distDir.length + 1)));
    },
  });

  // By the folder distDir leads to: RELEASES_DIR/current is a link that a publication moves to
  // another release (server/publishing/releases.ts), whose not-found pages may differ.
  const notFoundPages = new Map<string, string>();
  const sendNotFoundPage = async (
    reply: FastifyReply,
    language: LocaleId,
    shownPath: string,
    status: number,
  ) => {
    const release = await realpath(distDir);
    const key = `${language}:${release}`;
    let html = notFoundPages.get(key);
    if (html === undefined) {
      html = await readFile(join(release, notFoundPath(language).slice(1), 'index.html'), 'utf8');
      notFoundPages.set(key, html);
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html.replaceAll(REQUESTED_PATH_MARKER, escapeHtml(shownPath)));
  };

  /** The site's answer to a GET or HEAD of a path: a redirect, a file or a not-found page. */
  const answerPath = async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = judgePath(request.url);
    if (verdict.kind === 'bad') return badRequest(reply);
    if (verdict.kind === 'redirect') return reply.redirect(verdict.location, 301);
    const { path } = verdict;
    // The path as the reader sent it, escaped by sendNotFoundPage.
    const shownPath = request.url.split('?', 1)[0] ?? '/';
    const language = localeOfPath(path);
    // The not-found page asked for by its own address is not found either.
    if (path === notFoundPath(language)) return sendNotFoundPage(reply, language, shownPath, 404);
    const file = normalize(fileForPath(path));
    if (!file.startsWith('..') && (await isFile(join(distDir, file)))) return reply.sendFile(file);
    if (isPagePath(path)) return sendNotFoundPage(reply, language, shownPath, 404);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  };

  // The URL rules come first, for every route: a malformed path is refused, and a page asked
  // for by a path that is not canonical is redirected to the canonical one.
  app.addHook('onRequest', (request, reply, done) => {
    const verdict = judgePath(request.url);
    if (verdict.kind === 'bad') void badRequest(reply);
    else if (verdict.kind === 'redirect' && isRead(request)) {
      void reply.redirect(verdict.location, 301);
    } else done();
  });

  // The editor at /admin has a policy of its own (server/security-headers.ts); the public pages'
  // stays as strict as they need.
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    reply.headers(isAdminPath(path) ? ADMIN_SECURITY_HEADERS : headers);
    done(null, payload);
  });

  // After the static plugin, which sets a type from the file name (also for .br and .gz copies).
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.statusCode === 200 ? contentTypeFor(request.url.split('?')[0] ?? '') : null;
    if (type) reply.header('content-type', type);
    done(null, payload);
  });

  if (options.forms) await registerFormsApi(app, options.forms);
  registerHealthRoutes(app, options.forms ? app.formsApi.storage : null);
  registerLeaveRoute(app);

  app.get('/*', answerPath);

  return app;
}
