// Starts server/testing/test-server.ts in a child process on a database of the test's choosing,
// for the tests that kill or stop a server (crash.ts, shutdown.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './forms-app.ts';

/** Starts server/testing/test-server.ts on the test's database; resolves with its port. */
export function startServer(
  databaseUrl: string,
  dir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number; exited: Promise<unknown>; lines: string[] }> {
  const child = spawn(process.execPath, [join(ROOT, 'server/testing/test-server.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      UPLOAD_DIR: join(dir, 'uploads'),
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Listened for at once: the child may be gone before anyone awaits it.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Every line the server writes (its log, with LOG_LEVEL=info one per request), for the tests.
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`test server exited with ${String(code)}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const match = /^listening on (\d+)$/.exec(line);
      if (match) resolve({ child, port: Number(match[1]), exited, lines });
    });
  });
}
