// The back office's own files: its stylesheet, the passkey script (its TypeScript stripped of
// types at start) and SimpleWebAuthn's browser bundle. Open to everyone: the sign-in page uses them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginCallback } from 'fastify';
import { stripTypes } from '../strip-types.ts';
import { notFound, PUBLIC } from './context.ts';

const asset = (file: string) => readFileSync(join(import.meta.dirname, '..', file), 'utf8');
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
        '../../../node_modules/@simplewebauthn/browser/dist/bundle/index.umd.min.js',
      ),
      'utf8',
    ),
  },
};

/** GET /staff/assets/:name. */
export const assetRoutes: FastifyPluginCallback = (app, _options, pluginDone) => {
  app.get<{ Params: { name: string } }>('/staff/assets/:name', PUBLIC, async (request, reply) => {
    const file = ASSETS[request.params.name];
    if (!file) return notFound(reply);
    return reply.type(file.type).send(file.body);
  });
  pluginDone();
};
