// Durability: submissions under load, the server killed with SIGKILL mid-flight, restarted;
// every submission that was answered 201 must be in the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStorage } from '../storage/database.ts';
import { contactValues, ROOT, solve } from './testing.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guichet-crash-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Starts server/forms/test-server.ts on the test's database; resolves with its port. */
function startServer(
  databaseUrl: string,
): Promise<{ child: ChildProcess; port: number; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, [join(ROOT, 'server/forms/test-server.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, UPLOAD_DIR: join(dir, 'uploads'), PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Listened for at once: the child may be gone before anyone awaits it.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`test server exited with ${String(code)}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening on (\d+)$/.exec(line);
      if (match) resolve({ child, port: Number(match[1]), exited });
    });
  });
}

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

export async function crashTest(
  databaseUrl: string,
): Promise<{ acknowledged: number; missing: string[] }> {
  const first = await startServer(databaseUrl);
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

  const second = await startServer(databaseUrl);
  expect(await submitOnce(second.port)).toMatch(/^[0-9A-Z]{4}-/);
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

it("keeps every acknowledged submission when SQLite's server is killed under load", async () => {
  const result = await crashTest(`sqlite:${join(dir, 'site.db')}`);
  expect(result.acknowledged).toBeGreaterThanOrEqual(200);
  expect(result.missing).toEqual([]);
}, 120_000);
