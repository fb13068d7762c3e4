// `npm run serve`: serves the live release (or dist/) and the API on PORT (default 8080), the back office on
// STAFF_HOST:STAFF_PORT, and the Prometheus metrics on METRICS_HOST:METRICS_PORT when set; then
// says where each is in plain words. A configuration this release cannot run with (a wrong
// setting, a database it cannot migrate) exits with 78 (EX_CONFIG), which the systemd unit does
// not restart; anything else (the database not answering yet) exits with 1 and is retried.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readEnvironment, staffOrigin } from '../src/config/environment.ts';
import { createApp } from './app.ts';
import { formsConfigFromEnv } from './forms/config.ts';
import { clientAddressLogging } from './logging.ts';
import { instrument } from './metrics/instrument.ts';
import { createPreviewApp } from './publishing/preview-app.ts';
import { servedSite } from './publishing/releases.ts';
import { createMetrics } from './metrics/metrics.ts';
import { serveMetrics } from './metrics/metrics-server.ts';
import { releaseOf } from './metrics/release.ts';
import { securityHeaders } from './security-headers.ts';
import { closeOnSignals } from './shutdown.ts';
import { SchemaRefusedError } from './storage/migrate.ts';
import { createStaffApp } from './staff/app.ts';

/** The exit status of a configuration this release cannot run with (sysexits.h EX_CONFIG). */
export const EXIT_CONFIG = 78;

const root = resolve(import.meta.dirname, '..');
/** Prints the message alone (a stack trace would only hide it) and exits. */
function stop(error: unknown, status: number): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(status);
}

let env;
try {
  env = readEnvironment();
} catch (error) {
  stop(error, EXIT_CONFIG);
}
const distDir = servedSite(root, env.RELEASES_DIR, env.DIST_DIR);
if (!existsSync(resolve(distDir, 'page-data/app-data.json'))) {
  stop(`${distDir} has no built site: run "npm run build" (or "npm start") first.`, EXIT_CONFIG);
}
if (env.METRICS_PORT !== undefined && [env.PORT, env.STAFF_PORT].includes(env.METRICS_PORT)) {
  stop(
    `METRICS_PORT must differ from PORT and STAFF_PORT, not ${String(env.METRICS_PORT)}`,
    EXIT_CONFIG,
  );
}
let forms;
try {
  // Throws, with a message naming the setting, when SUBMISSIONS_KEY is missing in production,
  // or MATOMO_URL is not https.
  forms = formsConfigFromEnv(root);
  securityHeaders(env.MATOMO_URL);
} catch (error) {
  stop(error, EXIT_CONFIG);
}
let app;
let staff;
let preview;
try {
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
      origin: staffOrigin(env),
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
  // The preview shown, on its own internal address, when PREVIEW_ORIGIN says there is one.
  if (env.PREVIEW_ORIGIN)
    preview = await createPreviewApp({
      releasesDir: resolve(root, env.RELEASES_DIR),
      logLevel: env.LOG_LEVEL,
    });
} catch (error) {
  stop(error, error instanceof SchemaRefusedError ? EXIT_CONFIG : 1);
}
const metrics =
  env.METRICS_PORT === undefined
    ? undefined
    : createMetrics({
        storage: app.formsApi.storage,
        uploadDir: forms.uploadDir,
        release: releaseOf(root),
      });
if (metrics) {
  instrument(app, metrics, 'public');
  if (staff) instrument(staff, metrics, 'staff');
}
let metricsAt: string | undefined;
if (metrics && env.METRICS_PORT !== undefined) {
  try {
    const server = await serveMetrics(metrics, env.METRICS_PORT, env.METRICS_HOST);
    app.addHook(
      'onClose',
      () =>
        new Promise<void>((done) =>
          server.close(() => {
            done();
          }),
        ),
    );
    metricsAt = `http://${env.METRICS_HOST}:${String(env.METRICS_PORT)}/metrics`;
  } catch (error) {
    // The site serves without its metrics rather than not at all; the monitoring sees them gone.
    app.log.error({ err: error }, 'the metrics could not listen');
  }
}
// The back office first: once the public port answers, both do (what tests wait for).
if (staff) await staff.listen({ port: env.STAFF_PORT, host: env.STAFF_HOST });
if (preview) await preview.listen({ port: env.PREVIEW_PORT, host: env.PREVIEW_HOST });
await app.listen({ port: env.PORT, host: env.HOST });
const lines = [
  `The site and its form API: http://localhost:${String(env.PORT)} (listening on ${env.HOST}).`,
];
if (staff) {
  const origin = staffOrigin(env);
  lines.push(
    `The desk's back office: ${origin}/staff (listening on ${env.STAFF_HOST}:${String(env.STAFF_PORT)}).`,
  );
}
if (metricsAt) lines.push(`Metrics for Prometheus: ${metricsAt} (internal only).`);
if (preview)
  lines.push(
    `The preview: ${env.PREVIEW_ORIGIN ?? ''} (listening on ${env.PREVIEW_HOST}:${String(env.PREVIEW_PORT)}, never indexed).`,
  );
const others = [staff, preview].filter((other) => other !== undefined);
console.log(lines.join('\n'));
closeOnSignals(app, ...others);
