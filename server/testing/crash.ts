// The crash test's procedure: clients submit to server/testing/test-server.ts, the server is killed
// with SIGKILL mid-flight and restarted; which acknowledged submissions the database lacks.
import type { Challenge } from 'altcha-lib';
import { openStorage } from '../storage/database.ts';
import { contactValues, ROOT, solve } from './forms-app.ts';
import { startServer } from './spawn-test-server.ts';

/** One submission; the reference when the server answered 201, else null. */
async function submitOnce(port: number): Promise<string | null> {
  try {
    const challenge = (await (
      await fetch(`http://127.0.0.1:${port}/api/challenge`)
    ).json()) as Challenge;
    const response = await fetch(`http://127.0.0.1:${port}/api/forms/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'en', values: contactValues(), altcha: await solve(challenge) }),
    });
    if (response.status !== 201) return null;
    return ((await response.json()) as { reference: string }).reference;
  } catch {
    // The connection died with the server: not acknowledged, so not promised.
    return null;
  }
}

/** Submits under load, kills the server, restarts it; which acknowledged references are lost. */
export async function crashTest(
  databaseUrl: string,
  dir: string,
): Promise<{ acknowledged: number; missing: string[] }> {
  const first = await startServer(databaseUrl, dir);
  const acknowledged: string[] = [];
  // 20 clients submit in a loop; the server is killed once 200 submissions are acknowledged.
  const clients = Array.from({ length: 20 }, async () => {
    while (!first.child.killed) {
      const reference = await submitOnce(first.port);
      if (reference) acknowledged.push(reference);
      // Other clients' requests are still in flight: they die with the server.
      if (acknowledged.length >= 200) first.child.kill('SIGKILL');
    }
  });
  await Promise.all(clients);
  await first.exited;

  const second = await startServer(databaseUrl, dir);
  if (!(await submitOnce(second.port)))
    throw new Error('the restarted server refused a submission');
  second.child.kill('SIGTERM');
  await second.exited;

  const storage = await openStorage(databaseUrl, ROOT);
  try {
    const stored = new Set(
      (await storage.db.selectFrom('submissions').select('id').execute()).map((row) => row.id),
    );
    return {
      acknowledged: acknowledged.length,
      missing: acknowledged.filter((reference) => !stored.has(reference)),
    };
  } finally {
    await storage.close();
  }
}
