// Vite: the client bundle (one chunk per template) and, in development, the page-data server.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devPageData } from './src/site-generator/dev-page-data.ts';

const modulePath = (file: string) =>
  fileURLToPath(new URL(`./node_modules/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react(), devPageData()],
  resolve: {
    // Messages arrive precompiled (src/i18n), so production bundles leave out the ICU parser.
    alias:
      command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: modulePath('@formatjs/icu-messageformat-parser/no-parser.js'),
            },
          ]
        : [],
  },
  server: {
    // Build output and benchmark folders hold hundreds of thousands of files: watching them ran
    // out of the system's file watchers and slowed the dev server to minutes per page.
    watch: { ignored: ['**/dist/**', '**/.cache/**', '**/bench/out/**', '**/var/**'] },
  },
  build: {
    target: 'es2022',
  },
}));
