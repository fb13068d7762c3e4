// ESLint: type-aware TypeScript, React hooks, jsx-a11y, and the layer boundaries of DESIGN.md.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noNodeImports = {
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: ['node:*'], message: 'Browser code cannot use Node built-ins.' }] },
  ],
};
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
    ignores: ['src/build/**', 'src/content/**', 'src/i18n/catalogs.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...noNodeImports,
    },
  },
  {
    files: ['server/**/*.ts', 'src/build/**/*.ts', 'src/content/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', ...domGlobals] },
  },
);
