// The form API alone, for the crash test and the benchmark: the storage and uploads of the
// environment (DATABASE_URL, UPLOAD_DIR), a light proof of work, no rate limit, no site.
// Prints "listening on PORT" once it takes requests (PORT=0 picks a free port).
// NEWER_RELEASE=1 runs it as the next release would migrate (server/testing/newer-release.ts).
import { tmpdir } from 'node:os';
import { readEnvironment } from '../../src/config/environment.ts';
import { createApp } from '../app.ts';
import { formsConfigFromEnv } from '../forms/config.ts';
import { ROOT } from './forms-app.ts';
import { NEWER_RELEASE_MIGRATIONS } from './newer-release.ts';
import { closeOnSignals } from '../shutdown.ts';

const config = {
  ...formsConfigFromEnv(ROOT),
  // NEWER_RELEASE=1: the schema of the next release (newer-release.ts), for upgrade tests.
  ...(process.env.NEWER_RELEASE === '1' ? { migrations: NEWER_RELEASE_MIGRATIONS } : {}),
  rateLimit: { submissions: 1e9, uploads: 1e9, windowMs: 60_000 },
  proofOfWork: { counterMin: 0, counterMax: 20 },
};
const { TRUSTED_PROXIES } = readEnvironment();
const app = await createApp({
  distDir: tmpdir(),
  logLevel: process.env.LOG_LEVEL ?? 'warn',
  forms: config,
  // The benchmark gives each submission its own reader address (X-Forwarded-For).
  ...(TRUSTED_PROXIES ? { trustedProxies: TRUSTED_PROXIES } : {}),
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening on ${typeof address === 'object' && address ? address.port : ''}`);
closeOnSignals(app);
