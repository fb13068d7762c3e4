// `npm run serve`: serves an existing dist/ and the API on PORT (default 8080).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readEnvironment } from '../src/config/environment.ts';
import { createApp } from './app.ts';
import { formsConfigFromEnv } from './forms/config.ts';
import { clientAddressLogging } from './logging.ts';
import { closeOnSignals } from './shutdown.ts';

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
try {
  app = await createApp({
    distDir,
    logLevel: env.LOG_LEVEL,
    forms: formsConfigFromEnv(root),
    ...(env.MATOMO_URL ? { matomoUrl: env.MATOMO_URL } : {}),
    logClientAddress: clientAddressLogging(env.LOG_CLIENT_ADDRESS),
  });
} catch (error) {
  // A configuration error: the message names the setting, a stack trace would only hide it.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await app.listen({ port: env.PORT, host: env.HOST });
closeOnSignals(app);
