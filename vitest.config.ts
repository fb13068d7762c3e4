// Vitest in three projects. Where a new test goes:
// - `node` (`npm run test:unit`): *.test.ts that run in this process alone: functions, Fastify apps
//   over SQLite in a temporary folder, servers of this process on loopback (SMTP sink, OIDC provider).
// - `dom` (`npm run test:unit`): *.dom.test.tsx under src/ and *.dom.test.ts under server/, in jsdom.
// - `integration` (`npm run test:integration`): the rule is "starts another program": PostgreSQL,
//   nginx, a child process (node:child_process, a test server, git, promtool, systemd-analyze) or
//   a whole site build (buildSite). Such a file is picked by what it imports (INTEGRATION_MARKS), or by its
//   name: prefer `*.integration.test.ts` for a new one.
// `npm test` runs both scripts, so CI runs every test.
import { globSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const NODE_TESTS = '{src,server,bench}/**/*.test.ts';

/** What a test file names when it starts another program (see the rule above). */
const INTEGRATION_MARKS = [
  '.integration.test.',
  "'node:child_process'",
  'testing/pg-cluster.ts',
  'testing/folder-and-postgres.ts',
  'testing/nginx.ts',
  'testing/api-behind-nginx.ts',
  'testing/spawn-test-server.ts',
  'testing/crash.ts',
  'testing/editors-repo.ts',
  'buildSite(',
];

const integrationTests = globSync(NODE_TESTS, { exclude: ['**/node_modules/**'] }).filter(
  (file) =>
    !file.endsWith('.dom.test.ts') &&
    (file.includes('.integration.test.') ||
      INTEGRATION_MARKS.some((mark) => readFileSync(file, 'utf8').includes(mark))),
);

export default defineConfig({
  test: {
    // Vitest's default is one worker on a 2-core machine (cores - 1): the files then ran one
    // after the other. With two, in a clean-clone CI run on the 2-core machine, the integration
    // files took 221 s instead of 331 s, and the unit files 125 s beside the type-check and lint
    // (before: 137 s alone, after them).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          include: [NODE_TESTS],
          exclude: [...configDefaults.exclude, '**/*.dom.test.ts', ...integrationTests],
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
      {
        test: {
          name: 'integration',
          include: integrationTests,
          environment: 'node',
          // Their teardown stops clusters and removes whole builds: build-output.test.ts's
          // afterAll (rmSync of two built sites) passed 10 s on the shared 2-core machine at load 17.
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
