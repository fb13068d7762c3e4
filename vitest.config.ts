// Vitest: the file suffix picks the environment (*.test.ts Node, *.dom.test.tsx jsdom).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'node', include: ['{src,server,bench}/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'dom', include: ['src/**/*.dom.test.tsx'], environment: 'jsdom' } },
    ],
  },
});
