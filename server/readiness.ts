// Liveness and readiness (docs/ARCHITECTURE.md "Health and readiness"): /api/health says
// the process answers; /api/ready says it can take submissions — the database answers and has
// every migration this code expects. A load balancer sends work only to a ready instance. A
// database that a newer release migrated further is fine (expand/contract, ADR 0020): the
// instance is ready and says which migrations it does not know.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Storage } from './storage/database.ts';
import { readSchemaState } from './storage/migrate.ts';

type Readiness = { ready: true; newerMigrations?: string[] } | { ready: false; reason: string };

/** Whether an instance on this storage can take submissions now, and if not, why. */
export async function readinessOf(storage: Storage | null): Promise<Readiness> {
  if (!storage) return { ready: true };
  try {
    await sql`select 1`.execute(storage.db);
  } catch {
    return { ready: false, reason: 'database unreachable' };
  }
  let state;
  try {
    state = await readSchemaState(storage.db, storage.migrations);
  } catch (error) {
    return { ready: false, reason: error instanceof Error ? error.message : String(error) };
  }
  if (state.pending.length) {
    return { ready: false, reason: `migrations pending: ${state.pending.join(', ')}` };
  }
  return state.newer.length ? { ready: true, newerMigrations: state.newer } : { ready: true };
}

/** GET /api/health (the process answers) and GET /api/ready (200, or 503 with the reason). */
export function registerHealthRoutes(app: FastifyInstance, storage: Storage | null): void {
  app.get('/api/health', (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/api/ready', async (_request, reply) => {
    const readiness = await readinessOf(storage);
    reply.header('cache-control', 'no-store');
    if (!readiness.ready) {
      return reply.code(503).send({ status: 'not ready', reason: readiness.reason });
    }
    return reply.send({
      status: 'ready',
      // Migrated further by a newer release, whose code may run beside this one.
      ...(readiness.newerMigrations ? { newerMigrations: readiness.newerMigrations } : {}),
    });
  });
}
