// Playwright: end-to-end tests against the built site served by our own server, in Debian's
// Chromium (CHROMIUM_PATH); no browser is downloaded.
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const NGINX_PORT = Number(process.env.NGINX_PORT ?? 4174);
const FIXTURE_PORT = Number(process.env.FIXTURE_PORT ?? 4175);
const ANALYTICS_PORT = Number(process.env.ANALYTICS_PORT ?? 4176);
/** The back office of the main test server (tests/e2e/back-office.spec.ts). */
export const STAFF_PORT = Number(process.env.STAFF_E2E_PORT ?? 4178);

export default defineConfig({
  // The end-to-end tests, and the attack suite of tests/security (issue #14).
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    ...devices['Desktop Chrome'],
    // Request counting and routing need the page's own requests; tests/e2e/offline.spec.ts
    // allows the service worker.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without these, Chromium calls home at start and the closed network refuses it.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // guichet.test names this machine without being localhost (the service-worker host rule).
        '--host-resolver-rules=MAP guichet.test 127.0.0.1',
      ],
    },
  },
  webServer: [
    {
      command: 'node server/main.ts',
      env: {
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        // The build under test, never a release of `npm run release` (RELEASES_DIR/current).
        DIST_DIR: 'dist',
        // The form API stores in .cache, not in the developer's var/; every test comes from
        // 127.0.0.1, so the per-address limit is raised (server/forms/api.test.ts tests it).
        DATABASE_URL: 'sqlite:.cache/e2e/site.db',
        UPLOAD_DIR: '.cache/e2e/uploads',
        FORM_RATE_LIMIT: '10000',
        // 2 MB per address, so that tests/security meets the budget with a few small files.
        UPLOAD_LIMIT_PER_ADDRESS: '2',
        STAFF_PORT: String(STAFF_PORT),
        STAFF_ORIGIN: `http://localhost:${String(STAFF_PORT)}`,
        // nginx (tests/e2e/nginx.ts) passes the reader's address from this machine; the attack
        // suite's own requests from 127.0.0.1 stand for it (server/trusted-proxies.test.ts).
        TRUSTED_PROXIES: '127.0.0.1',
      },
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // nginx with deploy/nginx/site.conf, for the server checks of tests/e2e/servers.spec.ts.
      command: 'node tests/e2e/nginx.ts',
      env: { NGINX_PORT: String(NGINX_PORT), E2E_PORT: String(PORT) },
      url: `https://127.0.0.1:${NGINX_PORT}/en`,
      // Its certificate is a throwaway one, made at start.
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The site built with fixture news and events (known dates), for the news, article and
      // agenda tests: tests/e2e/fixture-site.ts builds it into .cache/fixture, then serves it.
      command: 'node tests/e2e/fixture-site.ts',
      env: { FIXTURE_PORT: String(FIXTURE_PORT), LOG_LEVEL: 'warn' },
      url: `http://localhost:${FIXTURE_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
    {
      // The site built with a statistics endpoint, for tests/e2e/analytics.spec.ts.
      command: 'node tests/e2e/analytics-site.ts',
      env: { ANALYTICS_PORT: String(ANALYTICS_PORT), LOG_LEVEL: 'warn' },
      url: `http://localhost:${ANALYTICS_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
    },
  ],
});
