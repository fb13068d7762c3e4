// Builds the site from the real pages plus the fixture news, events and attack of
// fixtures/listing-content.ts, the image of fixtures/media.ts and the table and code of
// fixtures/wide-content.ts, with social accounts configured and the search index in small parts,
// then serves it (a Playwright webServer, FIXTURE_PORT).
// The news, agenda and article tests use it: their dates and counts do not change when editors
// add news; the search tests, for an index in parts.
import { newMasterKeyText } from '../../server/storage/encryption.ts';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { buildSite } from '../../src/site-generator/build.ts';
import {
  configureSocialAccounts,
  FIXTURE_SEARCH_PART_PAGES,
  writeListingFixtures,
} from './fixtures/listing-content.ts';
import { writeMediaFixture } from './fixtures/media.ts';
import { writeWideContent } from './fixtures/wide-content.ts';

const root = resolve(import.meta.dirname, '../..');
const dir = join(root, '.cache/fixture');
const contentDir = join(dir, 'content');
const outDir = join(dir, 'dist');

rmSync(contentDir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const ITEM_FOLDERS = new Set(['news', 'events', 'attacks']);
cpSync(join(root, 'content'), contentDir, {
  recursive: true,
  filter: (source) =>
    !ITEM_FOLDERS.has(relative(join(root, 'content'), source).split(sep)[0] ?? ''),
});
writeListingFixtures(contentDir);
await writeMediaFixture(contentDir);
writeWideContent(contentDir);
configureSocialAccounts(contentDir);
await buildSite({
  root,
  contentDir,
  outDir,
  routeListFile: join(dir, 'routes.json'),
  cacheDir: join(dir, 'cache'),
  // The origin the tests expect in canonical links and structured data, whatever SITE_URL says.
  address: { siteUrl: 'http://localhost:8080' },
  searchIndexPartPages: FIXTURE_SEARCH_PART_PAGES,
});
process.env.DIST_DIR = outDir;
process.env.PORT = process.env.FIXTURE_PORT ?? '4175';
// The back office runs in the main test server only. The build set NODE_ENV=production (Vite):
// the server then wants a master key; a throwaway one serves these test sites.
process.env.STAFF_PORT = '0';
process.env.SUBMISSIONS_KEY = newMasterKeyText();
// A database of its own, new each run: one made under another run's key would not open.
rmSync(join(dir, 'var'), { recursive: true, force: true });
process.env.DATABASE_URL = `sqlite:${join(dir, 'var/site.db')}`;
process.env.UPLOAD_DIR = join(dir, 'var/uploads');
await import('../../server/main.ts');
