// `npm run edit`: the site with the editor at /admin on this machine only, built first when
// needed (as `npm start`), for Sveltia CMS's local mode on the working copy (docs/editing.md).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildForLocalPreview } from './run-build.ts';

const root = resolve(import.meta.dirname, '..');
// Local editing is for this machine: nobody else on the network should reach the editor.
process.env.HOST ??= '127.0.0.1';
// The desk's back office has nothing to do with editing.
process.env.STAFF_PORT ??= '0';
const port = process.env.PORT ?? '8080';

// A dist/ built before the editor existed is not older than its sources, but has no /admin.
if (!existsSync(join(root, 'dist/admin/index.html'))) {
  console.log('No editor in dist/ yet: building…');
  buildForLocalPreview();
}
await import('./start.ts');
console.log(
  [
    `The editor: http://localhost:${port}/admin (Chrome or Edge)`,
    `Click "Work with Local Repository" and pick this folder: ${root}`,
    'Changes are written to content/ here; run `npm run edit` again to see them on the site.',
  ].join('\n'),
);
