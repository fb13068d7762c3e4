// Vite: the client bundle (one chunk per template) and, in development, the page-data server.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devPageData } from './src/build/dev-page-data.ts';

const routerBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react(), devPageData()],
  resolve: {
    // react-router's package exports always pick its development build (warnings, checks);
    // production bundles take the production one.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          ]
        : [],
  },
  build: {
    target: 'es2022',
    rollupOptions: { input: 'src/entry-client.tsx' },
  },
}));
