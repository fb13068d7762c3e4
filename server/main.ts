// `npm run serve`: serves an existing dist/ and the API on PORT (default 8080).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp } from './app.ts';
import { formsConfigFromEnv } from './forms/config.ts';
import { clientAddressLogging } from './logging.ts';

const root = resolve(import.meta.dirname, '..');
const distDir = resolve(root, process.env.DIST_DIR ?? 'dist');
if (!existsSync(resolve(distDir, 'page-data/app-data.json'))) {
  console.error(`${distDir} has no built site: run "npm run build" (or "npm start") first.`);
  process.exit(1);
}
let app;
try {
  app = await createApp({
    distDir,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    forms: formsConfigFromEnv(root),
    ...(process.env.MATOMO_URL ? { matomoUrl: process.env.MATOMO_URL } : {}),
    logClientAddress: clientAddressLogging(process.env.LOG_CLIENT_ADDRESS),
  });
} catch (error) {
  // A configuration error: the message names the setting, a stack trace would only hide it.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);
await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
