// `npm run dev`: serves page-data, app-data and static queries from the content as it is now,
// an HTML shell that the client fills in through the page-data loader, and the media folder's
// images as they are (the build's versions are made by `npm run build` only).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { readEnvironment } from '../config/environment.ts';
import { loadContent } from '../content/load-content.ts';
import { MEDIA_DIR, MEDIA_LIMITS, MEDIA_NAME, MEDIA_URL } from '../content/media.ts';
import { APP_DATA_URL, pageDataUrl, staticQueryUrl } from '../routes/page-data.ts';
import { buildRouteTable, pageDataOf } from '../routes/route-table.ts';

const DEV_HASH = 'development';

const shell = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="build-hash" content="${DEV_HASH}"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>…</title></head>
<body><div id="root"></div><script type="module" src="/src/runtime/leave-site-entry.ts"></script><script type="module" src="/src/app/entry-client.tsx"></script></body></html>`;

/** The JSON a /page-data/ URL answers in development, or null for a 404. */
function devJson(root: string, pathname: string, origin: string): unknown {
  // Content is read again on every request, so edits show without a restart.
  const table = buildRouteTable(
    loadContent(join(root, 'content'), {
      siteUrl: readEnvironment().SITE_URL,
      localPreview: origin,
    }),
  );
  if (pathname === APP_DATA_URL) return { webpackCompilationHash: DEV_HASH };
  const chrome = Object.values(table.chrome).find(
    (data) => staticQueryUrl(data.language) === pathname,
  );
  if (chrome) return chrome;
  const route = table.routes.find((candidate) => pageDataUrl(candidate.path) === pathname);
  if (!route) return null;
  // In development the chrome of a language is addressed by the language id.
  return pageDataOf(route, route.pageContext.language);
}

/** An image of the media folder as it is, with its type; null when there is none by that name. */
function devImage(root: string, pathname: string): { bytes: Buffer; type: string } | null {
  const name = pathname.slice(MEDIA_URL.length);
  const extension = MEDIA_NAME.exec(name)?.[1]?.toLowerCase() ?? '';
  const format = (MEDIA_LIMITS.extensions as Record<string, string | undefined>)[extension];
  const file = join(root, 'content', MEDIA_DIR, name);
  if (!format || !existsSync(file)) return null;
  return { bytes: readFileSync(file), type: `image/${format}` };
}

/** The Vite plugin behind `npm run dev`. */
export function devPageData(): Plugin {
  return {
    name: 'guichet-dev-page-data',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const { pathname } = new URL(request.url ?? '/', 'http://dev.invalid');
        if (pathname.startsWith('/page-data/')) {
          const json = devJson(
            server.config.root,
            pathname,
            `http://${request.headers.host ?? 'localhost'}`,
          );
          response.statusCode = json === null ? 404 : 200;
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(json ?? {}));
        } else if (pathname.startsWith(MEDIA_URL)) {
          const image = devImage(server.config.root, pathname);
          response.statusCode = image === null ? 404 : 200;
          if (image) response.setHeader('content-type', image.type);
          response.end(image?.bytes ?? '');
        } else if (request.headers.accept?.includes('text/html') && !pathname.includes('.')) {
          void server.transformIndexHtml(pathname, shell).then((html) => {
            response.setHeader('content-type', 'text/html');
            response.end(html);
          });
        } else {
          next();
        }
      });
    },
  };
}
