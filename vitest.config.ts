// Vitest: the file suffix picks the environment (*.test.ts Node, *.dom.test.tsx and the server's
// *.dom.test.ts jsdom).
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['{src,server,bench}/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.dom.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'dom',
          include: ['src/**/*.dom.test.tsx', 'server/**/*.dom.test.ts'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
