// Graceful shutdown (docs/ARCHITECTURE.md "Health and readiness"): on SIGTERM or SIGINT an
// instance stops accepting connections, answers the requests it already has, closes the
// database, then exits; a load balancer sends new requests to another instance meanwhile.
import type { FastifyInstance } from 'fastify';

/**
 * Closes the apps (the public one, the back office) gracefully on SIGTERM or SIGINT, then exits
 * (1 if closing failed).
 */
export function closeOnSignals(app: FastifyInstance, ...others: FastifyInstance[]): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: answering the requests in flight, then exiting`);
      Promise.all([app, ...others].map((each) => each.close())).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error(error);
          process.exit(1);
        },
      );
    });
  }
}
