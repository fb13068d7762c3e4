// Playwright for the editor guide's screenshots (`npm run docs:screenshots`, docs/editor-guide.md):
// the editor at /admin in local mode, served from the built dist/ by our server. A config of its
// own, so that `npm test` never runs the screenshot script or writes into docs/.
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4179);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: ['editor-guide*.screenshots.ts'],
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    ...base.use,
    baseURL: `http://localhost:${String(PORT)}`,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  },
  webServer: {
    command: 'node server/main.ts',
    env: {
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      // The build under test, never a release of `npm run release` (RELEASES_DIR/current).
      DIST_DIR: 'dist',
      DATABASE_URL: 'sqlite:.cache/screenshots/site.db',
      UPLOAD_DIR: '.cache/screenshots/uploads',
      STAFF_PORT: '0',
    },
    url: `http://localhost:${String(PORT)}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
