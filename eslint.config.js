// ESLint: type-aware TypeScript, React hooks, jsx-a11y, and the layer order of docs/ARCHITECTURE.md
// (src/layer-boundaries.test.ts proves that a wrong import fails).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = { group: ['node:*'], message: 'Browser code cannot use Node built-ins.' };
const noNodeImports = { 'no-restricted-imports': ['error', { patterns: [nodeBuiltins] }] };

// The layers of src/, lowest first: a module imports from its own layer and the ones below it,
// never from one above. `browser` layers also run in the browser (no Node built-ins). A layer
// with `importedOnlyBy` is refused to every other layer, even those above it.
const SRC_LAYERS = [
  { folder: 'config', browser: false },
  { folder: 'i18n', browser: true },
  { folder: 'forms', browser: true },
  { folder: 'content', browser: false },
  // The CMS configuration generated from the content schemas (ADR 0017): only the site generator
  // (which will serve /admin/) uses it; the public site's layers never do.
  { folder: 'cms', browser: false, importedOnlyBy: ['site-generator'] },
  { folder: 'routes', browser: true },
  { folder: 'runtime', browser: true },
  { folder: 'components', browser: true },
  { folder: 'templates', browser: true },
  { folder: 'app', browser: true },
  // The editor's preview bundle (dist/admin/preview.js): the site's components inside Sveltia CMS.
  { folder: 'admin-preview', browser: true },
  { folder: 'site-generator', browser: false },
];
// What only the browser or the site generator may use: the server shares the lower layers.
const NOT_FOR_SERVER = [
  'cms',
  'runtime',
  'components',
  'templates',
  'app',
  'admin-preview',
  'site-generator',
];

// A relative import that goes through one of these folders (package names never start with a dot).
const folderImport = (folders, message) => ({
  regex: `^\\.{1,2}/(.*/)?(${folders.join('|')})/`,
  message,
});

const layerRules = SRC_LAYERS.map(({ folder, browser }, index) => {
  const above = SRC_LAYERS.slice(index + 1).map((layer) => layer.folder);
  const sealed = SRC_LAYERS.filter(
    (layer) =>
      layer.importedOnlyBy &&
      layer.folder !== folder &&
      !above.includes(layer.folder) &&
      !layer.importedOnlyBy.includes(folder),
  );
  const patterns = [
    ...(browser ? [nodeBuiltins] : []),
    ...(above.length
      ? [
          folderImport(
            above,
            `src/${folder}/ is below ${above.join(', ')}: it cannot import from them (docs/ARCHITECTURE.md "Layers").`,
          ),
        ]
      : []),
    ...sealed.map((layer) =>
      folderImport(
        [layer.folder],
        `src/${layer.folder}/ is imported only by ${layer.importedOnlyBy.map((by) => `src/${by}/`).join(', ')} (docs/ARCHITECTURE.md "Layers").`,
      ),
    ),
    folderImport(['server'], 'The site cannot import the server.'),
  ];
  return {
    files: [`src/${folder}/**/*.{ts,tsx}`],
    // Tests wire layers together (a content test may build the route table); production code may not.
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
});
// The layers of server/, lowest first; folders on one line are peers (none imports another).
// The modules at server/'s root sit above them all: the entry points (app.ts, main.ts, the
// CLIs, forms-api.ts) and the small shared helpers (logging, rate limits) any layer may use.
// `node bench/server-imports.ts` prints the folder graph this order was read from.
const SERVER_LAYERS = [
  ['storage'],
  ['forms'],
  ['follow-up'],
  ['staff'],
  ['backup', 'metrics', 'publishing'],
  ['testing'],
];
// An import that climbs out of the current folder into `folders` (only `../` before the name,
// so `../../src/forms/` is the site's layer, not server/forms/).
const serverFolderImport = (folders, message) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})/`,
  message,
});
const notForServer = folderImport(
  NOT_FOR_SERVER.map((folder) => `src/${folder}`),
  `The server shares only src/config, src/i18n, src/forms, src/content and src/routes (docs/ARCHITECTURE.md "Layers").`,
);
const serverRule = (files, patterns) => ({
  files,
  ignores: ['**/*.test.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns: [notForServer, ...patterns] }] },
});
const serverLayerRules = [
  serverRule(['server/**/*.ts'], []),
  ...SERVER_LAYERS.flatMap((peers, index) => {
    const above = SERVER_LAYERS.slice(index + 1).flat();
    return peers.map((folder) => {
      const refused = [...above, ...peers.filter((peer) => peer !== folder)];
      return serverRule(
        [`server/${folder}/**/*.ts`],
        refused.length
          ? [
              serverFolderImport(
                refused,
                `server/${folder}/ cannot import from ${refused.map((name) => `server/${name}/`).join(', ')} (docs/ARCHITECTURE.md "Layers").`,
              ),
            ]
          : [],
      );
    });
  }),
];
const domGlobals = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'var/',
      '.cache/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/out/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/config/**',
      'src/site-generator/**',
      'src/content/**',
      'src/cms/**',
      'src/i18n/catalogs.ts',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...noNodeImports,
    },
  },
  {
    files: [
      'server/**/*.ts',
      'src/config/**/*.ts',
      'src/site-generator/**/*.ts',
      'src/content/**/*.ts',
      'src/cms/**/*.ts',
    ],
    // The back office's browser script runs in the staff member's browser; a *.dom.test.ts runs
    // in jsdom (vitest.config.ts).
    ignores: ['server/staff/browser/**', 'server/**/*.dom.test.ts'],
    rules: { 'no-restricted-globals': ['error', ...domGlobals] },
  },
  ...layerRules,
  ...serverLayerRules,
);
