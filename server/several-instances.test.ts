// Two API instances on one PostgreSQL behind the real nginx with deploy/nginx (issue #20): one
// is killed with SIGKILL under load, and nginx sends the rest (and the submissions it was
// answering) to the other, every submission answered 201 being in the database; a rolling
// restart (SIGTERM one, start it again, then the other) under load fails no request at all, nor
// an upgrade to a release with a newer schema and its rollback (ADR 0020); a
// file received by one instance is attached through the other, though they share no disk.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Challenge } from 'altcha-lib';
import { deleteSubmission } from './forms/deletion.ts';
import { openStorage } from './storage/database.ts';
import {
  contactValues,
  multipartBody,
  ROOT,
  solve,
  storedFile,
  TEST_MASTER_KEY_TEXT,
} from './testing/forms-app.ts';
import { freePort } from './testing/free-port.ts';
import { answeredSubmissions, ReadersSubmitting, startNginx } from './testing/api-behind-nginx.ts';
import { NGINX } from './testing/nginx.ts';
import { folderAndPostgres } from './testing/folder-and-postgres.ts';
import { startServer } from './testing/spawn-test-server.ts';
import { NEWER_MIGRATION } from './testing/newer-release.ts';

type Instance = Awaited<ReturnType<typeof startServer>>;
const scratch = folderAndPostgres('guichet-instances-');
let nginx: ChildProcess | undefined;
let instances: Instance[] = [];

// One secret: a challenge fetched through one instance is checked by the other. Their request
// log (one line per request) says which instance answered what.
const env = {
  FORM_SECRET: 'a shared secret of the two instances for this test',
  LOG_LEVEL: 'info',
};

/** Two instances on a new database of the cluster, behind nginx. */
async function twoInstances(database: string) {
  const databaseUrl = await scratch.postgres.createDatabase(database);
  const ports = [await freePort(), await freePort()];
  const start = (index: number, extra: Record<string, string> = {}) =>
    startServer(databaseUrl, scratch.dir, { ...env, PORT: String(ports[index]), ...extra });
  instances = [await start(0), await start(1)];
  // deploy/nginx leaves out a failed instance for 10 s: each of the six restarts below would wait
  // that long for its instance to be back. What is tested (no request fails, nothing is lost)
  // does not depend on it; a shorter one only makes nginx try the restarting instance more often.
  const proxy = await startNginx(scratch.dir, ports, '1s');
  nginx = proxy.nginx;
  return { databaseUrl, origin: proxy.origin, start };
}

/** The acknowledged references the database lacks, and how many it has. */
async function missing(databaseUrl: string, acknowledged: readonly string[]) {
  const storage = await openStorage(databaseUrl, ROOT);
  try {
    const stored = new Set(
      (await storage.db.selectFrom('submissions').select('id').execute()).map((row) => row.id),
    );
    return {
      stored: stored.size,
      lost: acknowledged.filter((reference) => !stored.has(reference)),
    };
  } finally {
    await storage.close();
  }
}

afterEach(() => {
  nginx?.kill('SIGTERM');
  for (const instance of instances) instance.child.kill('SIGKILL');
});

it.skipIf(!existsSync(NGINX))(
  'one instance killed under load: nginx moves to the other, every 201 is stored',
  async () => {
    const { databaseUrl, origin } = await twoInstances('killed_instance');
    // Ten readers submit in a loop; after 100 answers one instance is killed, and the readers
    // go on until 100 more are answered.
    const readers = new ReadersSubmitting(origin, 10);
    await readers.until(() => readers.acknowledged.length >= 100);
    const killedAt = readers.acknowledged.length;
    const spread = instances.map((instance) => answeredSubmissions(instance.lines));
    instances[0]?.child.kill('SIGKILL');
    await readers.until(() => readers.acknowledged.length >= killedAt + 100);
    await readers.stop();

    const { stored, lost } = await missing(databaseUrl, readers.acknowledged);
    console.log(
      `several instances, kill -9: before the kill ${spread.join(' + ')} answered by each, acknowledged ${String(readers.acknowledged.length)} (${String(readers.acknowledged.length - killedAt)} after the kill), failed ${String(readers.failures.length)}, stored ${String(stored)}, lost ${String(lost.length)}`,
    );
    // nginx spread the submissions over both (round robin: about half each).
    for (const count of spread) expect(count).toBeGreaterThanOrEqual(killedAt / 4);
    expect(lost).toEqual([]);
  },
  60_000,
);

it.skipIf(!existsSync(NGINX))(
  'a rolling restart under load (SIGTERM one, start it, then the other): no request fails',
  async () => {
    const { databaseUrl, origin, start } = await twoInstances('rolling_restart');
    const readers = new ReadersSubmitting(origin, 5);
    await readers.until(() => readers.acknowledged.length >= 50);
    const restarts: string[] = [];
    for (const index of [0, 1]) {
      const stopping = instances[index];
      if (!stopping) throw new Error('no instance');
      const before = readers.acknowledged.length;
      stopping.child.kill('SIGTERM');
      expect(await stopping.exited).toBe(0);
      const answeredBeforeStop = answeredSubmissions(stopping.lines);
      const restarted = await start(index);
      instances[index] = restarted;
      // Back in nginx's rotation (after the upstream's fail_timeout): it answers submissions
      // again. Only then is the other one stopped, as docs/several-instances.md says.
      await readers.until(() => answeredSubmissions(restarted.lines) >= 10, 30_000);
      restarts.push(
        `instance ${String(index + 1)}: ${String(answeredBeforeStop)} answered before SIGTERM, ${String(readers.acknowledged.length - before)} acknowledged until it was back`,
      );
    }
    await readers.stop();

    const { stored, lost } = await missing(databaseUrl, readers.acknowledged);
    console.log(
      `several instances, rolling restart: ${restarts.join('; ')}; acknowledged ${String(readers.acknowledged.length)}, failed ${String(readers.failures.length)}, stored ${String(stored)}, lost ${String(lost.length)}`,
    );
    expect(readers.failures).toEqual([]);
    expect(lost).toEqual([]);
    expect(stored).toBe(readers.acknowledged.length);
  },
  90_000,
);

it.skipIf(!existsSync(NGINX))(
  'an upgrade and a rollback, one instance at a time, old and new releases side by side: nothing lost',
  async () => {
    // The new release is this code with one more (expand) migration (testing/newer-release.ts);
    // the old one is this code. Upgraded one instance after the other, then rolled back the
    // same way: in between, the old release serves on the new release's schema.
    const { databaseUrl, origin, start } = await twoInstances('upgrade_rollback');
    const readers = new ReadersSubmitting(origin, 5);
    await readers.until(() => readers.acknowledged.length >= 50);
    const steps: [number, Record<string, string>][] = [
      [0, { NEWER_RELEASE: '1' }],
      [1, { NEWER_RELEASE: '1' }],
      [0, {}],
      [1, {}],
    ];
    for (const [index, release] of steps) {
      const stopping = instances[index];
      if (!stopping) throw new Error('no instance');
      stopping.child.kill('SIGTERM');
      expect(await stopping.exited).toBe(0);
      const restarted = await start(index, release);
      instances[index] = restarted;
      const ready: unknown = await (
        await fetch(`http://127.0.0.1:${String(restarted.port)}/api/ready`)
      ).json();
      expect(ready).toEqual(
        release.NEWER_RELEASE
          ? { status: 'ready' }
          : { status: 'ready', newerMigrations: [NEWER_MIGRATION] },
      );
      await readers.until(() => answeredSubmissions(restarted.lines) >= 10, 30_000);
    }
    await readers.stop();
    const { stored, lost } = await missing(databaseUrl, readers.acknowledged);
    console.log(
      `upgrade and rollback across two instances: acknowledged ${String(readers.acknowledged.length)}, failed ${String(readers.failures.length)}, stored ${String(stored)}, lost ${String(lost.length)}`,
    );
    expect(readers.failures).toEqual([]);
    expect(lost).toEqual([]);
    expect(stored).toBe(readers.acknowledged.length);
  },
  150_000,
);

it('a file received by one instance is attached and read through the other, with no shared disk', async () => {
  const databaseUrl = await scratch.postgres.createDatabase('files_across');
  // Each instance with an upload folder of its own, as on two machines; one master key.
  const start = (name: string) =>
    startServer(databaseUrl, scratch.dir, {
      ...env,
      UPLOAD_DIR: join(scratch.dir, `uploads-${name}`),
      SUBMISSIONS_KEY: TEST_MASTER_KEY_TEXT,
    });
  instances = [await start('one'), await start('two')];
  const [one, two] = instances.map((instance) => `http://127.0.0.1:${String(instance.port)}`);
  const proof = async () =>
    solve((await (await fetch(`${one ?? ''}/api/challenge`)).json()) as Challenge);

  const content = Buffer.from('Dates of the hearings: 3 and 17 March\n');
  const { payload, headers } = multipartBody('hearings.txt', content, 'text/plain');
  const uploaded = await fetch(`${one ?? ''}/api/uploads?form=contact&field=attachments&lang=en`, {
    method: 'POST',
    headers: { ...headers, 'x-proof-of-work': await proof() },
    body: new Uint8Array(payload),
  });
  expect(uploaded.status).toBe(201);
  const { token } = (await uploaded.json()) as { token: string };
  const sent = await fetch(`${two ?? ''}/api/forms/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      lang: 'en',
      values: contactValues({ attachments: [token] }),
      altcha: await proof(),
    }),
  });
  expect(sent.status).toBe(201);
  const { reference } = (await sent.json()) as { reference: string };

  const storage = await openStorage(databaseUrl, ROOT);
  try {
    // Read from the database through the second machine's (empty) upload folder.
    expect(await storedFile(storage.db, join(scratch.dir, 'uploads-two'), token)).toEqual({
      name: 'hearings.txt',
      bytes: content,
    });
    expect(await storage.db.selectFrom('upload_contents').select('token').execute()).toEqual([
      { token },
    ]);
    // An erasure takes the file's bytes with its row.
    expect(
      await deleteSubmission(storage.db, join(scratch.dir, 'uploads-two'), reference, {
        memberId: null,
        action: 'purged',
        detail: 'test',
      }),
    ).toBe(true);
    expect(await storage.db.selectFrom('upload_contents').select('token').execute()).toEqual([]);
  } finally {
    await storage.close();
  }
}, 60_000);
