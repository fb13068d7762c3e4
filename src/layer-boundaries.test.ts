// Proves that the layer order of eslint.config.js bites: an import that runs up a layer (in src/
// or in server/), browser code that imports Node, or the site importing the server fails lint
// with a message naming it.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The rule needs no types: skipping the type-aware program keeps this test quick.
const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  overrideConfig: tseslint.configs.disableTypeChecked,
});

/** The no-restricted-imports messages for `specifier` imported by a module at `file`. */
async function refusals(file: string, specifier: string): Promise<string[]> {
  const code = `import * as imported from '${specifier}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

/** ESLint's message for a refused import. */
const refused = (specifier: string, reason: string) =>
  `'${specifier}' import is restricted from being used by a pattern. ${reason}`;
const upward = (specifier: string, folder: string, above: string) =>
  refused(
    specifier,
    `src/${folder}/ is below ${above}: it cannot import from them (docs/ARCHITECTURE.md "Layers").`,
  );

// The first lint loads the whole config: give a busy machine time.
describe('the layer rule', { timeout: 30_000 }, () => {
  it('refuses an import from a layer above', async () => {
    expect(await refusals('src/runtime/page-loader.ts', '../app/template-registry.ts')).toEqual([
      upward(
        '../app/template-registry.ts',
        'runtime',
        'components, templates, app, admin-preview, site-generator',
      ),
    ]);
    expect(await refusals('src/templates/Page.tsx', '../app/template-registry.ts')).toEqual([
      upward('../app/template-registry.ts', 'templates', 'app, admin-preview, site-generator'),
    ]);
    expect(await refusals('src/components/form/Form.tsx', '../../templates/Page.tsx')).toEqual([
      upward(
        '../../templates/Page.tsx',
        'components',
        'templates, app, admin-preview, site-generator',
      ),
    ]);
    expect(await refusals('src/i18n/locales.ts', '../routes/page-data.ts')).toEqual([
      upward(
        '../routes/page-data.ts',
        'i18n',
        'forms, content, cms, routes, runtime, components, templates, app, admin-preview, site-generator',
      ),
    ]);
  });

  it('refuses Node built-ins in browser layers and the server anywhere in the site', async () => {
    expect(await refusals('src/routes/head.ts', 'node:fs')).toEqual([
      refused('node:fs', 'Browser code cannot use Node built-ins.'),
    ]);
    expect(await refusals('src/components/Header.tsx', '../../server/app.ts')).toEqual([
      refused('../../server/app.ts', 'The site cannot import the server.'),
    ]);
  });

  it('refuses the CMS layer to every layer but the site generator, and to the server', async () => {
    const onlyGenerator = refused(
      '../cms/cms-config.ts',
      'src/cms/ is imported only by src/site-generator/ (docs/ARCHITECTURE.md "Layers").',
    );
    expect(await refusals('src/routes/route-table.ts', '../cms/cms-config.ts')).toEqual([
      onlyGenerator,
    ]);
    expect(await refusals('src/app/App.tsx', '../cms/cms-config.ts')).toEqual([onlyGenerator]);
    expect(await refusals('src/content/items.ts', '../cms/cms-config.ts')).toEqual([
      upward(
        '../cms/cms-config.ts',
        'content',
        'cms, routes, runtime, components, templates, app, admin-preview, site-generator',
      ),
    ]);
    expect(await refusals('server/app.ts', '../src/cms/cms-config.ts')).toEqual([
      refused(
        '../src/cms/cms-config.ts',
        'The server shares only src/config, src/i18n, src/forms, src/content and src/routes (docs/ARCHITECTURE.md "Layers").',
      ),
    ]);
    expect(await refusals('src/site-generator/build.ts', '../cms/cms-config.ts')).toEqual([]);
    expect(await refusals('src/cms/cms-config.ts', '../content/schemas.ts')).toEqual([]);
    expect(await refusals('src/cms/cms-config.ts', 'node:fs')).toEqual([]);
  });

  it('refuses browser layers in the server', async () => {
    expect(await refusals('server/app.ts', '../src/components/Chrome.tsx')).toEqual([
      refused(
        '../src/components/Chrome.tsx',
        'The server shares only src/config, src/i18n, src/forms, src/content and src/routes (docs/ARCHITECTURE.md "Layers").',
      ),
    ]);
    expect(await refusals('server/forms/submit-route.ts', '../../src/forms/schema.ts')).toEqual([]);
  });

  it('allows imports from the same layer, the layers below, packages and in tests', async () => {
    expect(await refusals('src/templates/Page.tsx', '../components/Chrome.tsx')).toEqual([]);
    expect(await refusals('src/app/App.tsx', '../templates/Page.tsx')).toEqual([]);
    expect(await refusals('src/runtime/prefetch.ts', './paths.ts')).toEqual([]);
    expect(await refusals('src/runtime/prefetch.ts', 'react-aria-components')).toEqual([]);
    expect(await refusals('src/content/content.test.ts', '../routes/route-table.ts')).toEqual([]);
  });

  it('refuses a server folder an import from a folder above it or beside it', async () => {
    const serverUpward = (specifier: string, folder: string, refusedFolders: string[]) =>
      refused(
        specifier,
        `server/${folder}/ cannot import from ${refusedFolders.map((name) => `server/${name}/`).join(', ')} (docs/ARCHITECTURE.md "Layers").`,
      );
    const aboveForms = ['follow-up', 'staff', 'backup', 'metrics', 'publishing', 'testing'];
    // The three cycles this rule broke (issue 40): forms -> staff, follow-up -> staff, forms -> follow-up.
    expect(await refusals('server/forms/retention.ts', '../staff/inbox.ts')).toEqual([
      serverUpward('../staff/inbox.ts', 'forms', aboveForms),
    ]);
    expect(await refusals('server/follow-up/mail.ts', '../staff/messages.ts')).toEqual([
      serverUpward('../staff/messages.ts', 'follow-up', aboveForms.slice(1)),
    ]);
    expect(await refusals('server/forms/submit-route.ts', '../follow-up/routes.ts')).toEqual([
      serverUpward('../follow-up/routes.ts', 'forms', aboveForms),
    ]);
    expect(await refusals('server/storage/audit.ts', '../forms/store.ts')).toEqual([
      serverUpward('../forms/store.ts', 'storage', ['forms', ...aboveForms]),
    ]);
    // Deeper modules are held the same way; peers do not import each other.
    expect(await refusals('server/staff/routes/inbox.ts', '../../publishing/release.ts')).toEqual([
      serverUpward('../../publishing/release.ts', 'staff', aboveForms.slice(2)),
    ]);
    expect(await refusals('server/backup/backup.ts', '../metrics/registry.ts')).toEqual([
      serverUpward('../metrics/registry.ts', 'backup', ['testing', 'metrics', 'publishing']),
    ]);
    // A layered folder still may not import the browser's layers.
    expect(await refusals('server/staff/app.ts', '../../src/components/Chrome.tsx')).toEqual([
      refused(
        '../../src/components/Chrome.tsx',
        'The server shares only src/config, src/i18n, src/forms, src/content and src/routes (docs/ARCHITECTURE.md "Layers").',
      ),
    ]);
  });

  it('lets a server folder import the folders below it, the site’s shared layers and server/’s root', async () => {
    expect(await refusals('server/staff/routes/inbox.ts', '../../forms/reference.ts')).toEqual([]);
    expect(await refusals('server/follow-up/routes.ts', '../forms/deletion.ts')).toEqual([]);
    expect(await refusals('server/staff/inbox.ts', '../storage/audit.ts')).toEqual([]);
    expect(await refusals('server/storage/audit.ts', '../../src/forms/schema.ts')).toEqual([]);
    expect(await refusals('server/forms/api-scope.ts', '../rate-limit.ts')).toEqual([]);
    expect(await refusals('server/forms-api.ts', './staff/messages.ts')).toEqual([]);
    expect(await refusals('server/forms/retention.test.ts', '../staff/inbox.ts')).toEqual([]);
  });
});
