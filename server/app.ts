// The Fastify app: the static site with its URL rules and cache headers, and the /api routes.
import { readFile, stat } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { DEFAULT_LOCALE, type LocaleId } from '../src/i18n/locales.ts';
import { notFoundPath, REQUESTED_PATH_MARKER } from '../src/routes/page-data.ts';
import type { FormsConfig } from './forms/config.ts';
import { registerFormsApi } from './forms/routes.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import {
  cacheControlFor,
  contentTypeFor,
  fileForPath,
  notFoundLanguage,
  redirectTarget,
  wantsNotFoundPage,
} from './url-rules.ts';
import { escapeHtml } from '../src/content/escape-html.ts';

export interface AppOptions {
  distDir: string;
  logLevel?: string;
  /** The form API (POST /api/forms/:id, /api/uploads); off when not given. */
  forms?: FormsConfig;
}

const isFile = async (file: string) => (await stat(file).catch(() => null))?.isFile() ?? false;

/** Builds the app; call listen() on the result. */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const { distDir } = options;
  // Behind the nginx of deploy/ (on this machine), the reader's address comes from
  // X-Forwarded-For: the per-address rate limit of the form API needs it.
  const app = Fastify({ logger: { level: options.logLevel ?? 'info' }, trustProxy: 'loopback' });
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(file.slice(distDir.length + 1)));
    },
  });

  const notFoundPages = new Map<LocaleId, string>();
  const sendNotFoundPage = async (
    reply: FastifyReply,
    language: LocaleId,
    shownPath: string,
    status: number,
  ) => {
    let html = notFoundPages.get(language);
    if (html === undefined) {
      html = await readFile(join(distDir, notFoundPath(language).slice(1), 'index.html'), 'utf8');
      notFoundPages.set(language, html);
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html.replaceAll(REQUESTED_PATH_MARKER, escapeHtml(shownPath)));
  };

  app.addHook('onRequest', (request, reply, done) => {
    const url = new URL(request.url, 'http://localhost');
    const target =
      request.method === 'GET' || request.method === 'HEAD' ? redirectTarget(url.pathname) : null;
    if (target) void reply.redirect(target + url.search, 301);
    else done();
  });

  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    done(null, payload);
  });

  // After the static plugin, which sets a type from the file name (also for .br and .gz copies).
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.statusCode === 200 ? contentTypeFor(request.url.split('?')[0] ?? '') : null;
    if (type) reply.header('content-type', type);
    done(null, payload);
  });

  app.get('/api/health', () => ({ status: 'ok' }));
  if (options.forms) await registerFormsApi(app, options.forms);

  app.get('/*', async (request, reply) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return reply.code(400).type('text/plain').send('Bad request');
    }
    const language = notFoundLanguage(decoded, DEFAULT_LOCALE);
    // The not-found page asked for by its own address is not found either.
    if (decoded === notFoundPath(language)) return sendNotFoundPage(reply, language, pathname, 404);
    const file = normalize(fileForPath(decoded));
    if (!file.startsWith('..') && (await isFile(join(distDir, file)))) return reply.sendFile(file);
    if (wantsNotFoundPage(decoded)) return sendNotFoundPage(reply, language, pathname, 404);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  return app;
}
