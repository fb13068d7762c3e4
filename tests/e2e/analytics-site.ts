// Builds the site with a statistics endpoint (MATOMO_URL https://stats.guichet.test/, site 7)
// into .cache/analytics and serves it (a Playwright webServer, ANALYTICS_PORT) with that origin
// in its Content-Security-Policy, for tests/e2e/analytics.spec.ts.
import { newMasterKeyText } from '../../server/storage/encryption.ts';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSite } from '../../src/site-generator/build.ts';

const root = resolve(import.meta.dirname, '../..');
const dir = join(root, '.cache/analytics');
mkdirSync(dir, { recursive: true });
process.env.MATOMO_URL = 'https://stats.guichet.test/';
process.env.MATOMO_SITE_ID = '7';
await buildSite({
  root,
  contentDir: join(root, 'content'),
  outDir: join(dir, 'dist'),
  routeListFile: join(dir, 'routes.json'),
  cacheDir: join(dir, 'cache'),
  // The origin the tests expect in canonical links and structured data, whatever SITE_URL says.
  address: { siteUrl: 'http://localhost:8080' },
});
process.env.DIST_DIR = join(dir, 'dist');
process.env.PORT = process.env.ANALYTICS_PORT ?? '4176';
// The back office runs in the main test server only. The build set NODE_ENV=production (Vite):
// the server then wants a master key; a throwaway one serves these test sites.
process.env.STAFF_PORT = '0';
process.env.SUBMISSIONS_KEY = newMasterKeyText();
// A database of its own, new each run: one made under another run's key would not open.
rmSync(join(dir, 'var'), { recursive: true, force: true });
process.env.DATABASE_URL = `sqlite:${join(dir, 'var/site.db')}`;
process.env.UPLOAD_DIR = join(dir, 'var/uploads');
await import('../../server/main.ts');
