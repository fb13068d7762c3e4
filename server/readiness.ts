// Liveness and readiness (docs/ARCHITECTURE.md "Health and readiness"): /api/health says
// the process answers; /api/ready says it can take submissions — the database answers and has
// every migration this code expects. A load balancer sends work only to a ready instance.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { pendingMigrations, type Storage } from './storage/database.ts';

type Readiness = { ready: true } | { ready: false; reason: string };

/** Whether an instance on this storage can take submissions now, and if not, why. */
export async function readinessOf(storage: Storage | null): Promise<Readiness> {
  if (!storage) return { ready: true };
  try {
    await sql`select 1`.execute(storage.db);
  } catch {
    return { ready: false, reason: 'database unreachable' };
  }
  const pending = await pendingMigrations(storage.db);
  return pending.length
    ? { ready: false, reason: `migrations pending: ${pending.join(', ')}` }
    : { ready: true };
}

/** GET /api/health (the process answers) and GET /api/ready (200, or 503 with the reason). */
export function registerHealthRoutes(app: FastifyInstance, storage: Storage | null): void {
  app.get('/api/health', (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/api/ready', async (_request, reply) => {
    const readiness = await readinessOf(storage);
    reply.header('cache-control', 'no-store');
    return readiness.ready
      ? reply.send({ status: 'ready' })
      : reply.code(503).send({ status: 'not ready', reason: readiness.reason });
  });
}
