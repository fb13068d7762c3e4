// `npm run serve`: serves an existing dist/ and the API on PORT (default 8080).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readEnvironment } from '../src/config/environment.ts';
import { createApp } from './app.ts';
import { formsConfigFromEnv } from './forms/config.ts';
import { clientAddressLogging } from './logging.ts';
import { closeOnSignals } from './shutdown.ts';
import { createStaffApp } from './staff/app.ts';

const root = resolve(import.meta.dirname, '..');
let env;
try {
  env = readEnvironment();
} catch (error) {
  // The message names each wrong variable: a stack trace would only hide it.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const distDir = resolve(root, env.DIST_DIR);
if (!existsSync(resolve(distDir, 'page-data/app-data.json'))) {
  console.error(`${distDir} has no built site: run "npm run build" (or "npm start") first.`);
  process.exit(1);
}
let app;
let staff;
try {
  // Throws, with a message naming the setting, when SUBMISSIONS_KEY is missing in production.
  const forms = formsConfigFromEnv(root);
  app = await createApp({
    distDir,
    logLevel: env.LOG_LEVEL,
    forms,
    ...(env.MATOMO_URL ? { matomoUrl: env.MATOMO_URL } : {}),
    logClientAddress: clientAddressLogging(env.LOG_CLIENT_ADDRESS),
    ...(env.TRUSTED_PROXIES ? { trustedProxies: env.TRUSTED_PROXIES } : {}),
  });
  // The back office, on its own (internal) address; STAFF_PORT=0 leaves it to another instance.
  if (env.STAFF_PORT !== 0) {
    staff = await createStaffApp({
      forms,
      origin: env.STAFF_ORIGIN ?? `http://localhost:${String(env.STAFF_PORT)}`,
      logLevel: env.LOG_LEVEL,
      ...(env.TRUSTED_PROXIES ? { trustedProxies: env.TRUSTED_PROXIES } : {}),
      ...(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            oidc: {
              issuer: env.OIDC_ISSUER,
              clientId: env.OIDC_CLIENT_ID,
              clientSecret: env.OIDC_CLIENT_SECRET,
            },
          }
        : {}),
    });
  }
} catch (error) {
  // A configuration error: the message names the setting, a stack trace would only hide it.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// The back office first: once the public port answers, both do (what tests wait for).
if (staff) await staff.listen({ port: env.STAFF_PORT, host: env.STAFF_HOST });
await app.listen({ port: env.PORT, host: env.HOST });
if (staff) closeOnSignals(app, staff);
else closeOnSignals(app);
