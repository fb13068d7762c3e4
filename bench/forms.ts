// The form API under load: 50 concurrent clients, each submission from another reader's address,
// post contact-form submissions for 10 s (autocannon) to server/testing/test-server.ts: one
// instance on SQLite and on a throwaway PostgreSQL, then on PostgreSQL behind Debian's nginx
// (deploy/nginx) with one instance and with two (issue #20); prints submissions/s, p50/p99
// latency and how many acknowledged submissions the database lacks (must be 0).
// Run alone with `node bench/forms.ts`; `npm run bench` runs it last.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Challenge } from 'altcha-lib';
import autocannon from 'autocannon';
import { solve, contactValues } from '../server/testing/forms-app.ts';
import { countRows, openStorage } from '../server/storage/database.ts';
import { startNginx } from '../server/testing/api-behind-nginx.ts';
import { NGINX } from '../server/testing/nginx.ts';
import { freePort } from '../server/testing/free-port.ts';
import { startPostgres } from '../server/testing/pg-cluster.ts';

const root = resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
const SECONDS = 10;

export interface FormsBenchResult {
  database: string;
  perSecond: number;
  p50: number;
  p99: number;
  acknowledged: number;
  lost: number;
  errors: number;
}

/** Fetches and solves `count` proof-of-work challenges (each submission spends one). */
async function solvedChallenges(origin: string, count: number): Promise<string[]> {
  const solved: string[] = [];
  const batch = 100;
  for (let start = 0; start < count; start += batch) {
    const part = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, async () => {
        const response = await fetch(`${origin}/api/challenge`);
        return solve((await response.json()) as Challenge);
      }),
    );
    solved.push(...part);
  }
  return solved;
}

/** A distinct IPv4 address for the n-th submission (10.0.0.0/8). */
const readerAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** One test server on the database; resolves once it listens on `port`. */
async function startInstance(databaseUrl: string, dir: string, port: number) {
  const child = spawn(process.execPath, [join(root, 'server/testing/test-server.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      UPLOAD_DIR: join(dir, 'uploads'),
      PORT: String(port),
      // One secret: a challenge fetched through one instance is checked by another.
      FORM_SECRET: 'the secret of the benchmark instances',
      // The clients stand for nginx on this machine: their X-Forwarded-For is believed.
      TRUSTED_PROXIES: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  await new Promise<void>((done, fail) => {
    child.once('exit', () => {
      fail(new Error('the test server stopped'));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('listening on ')) done();
    });
  });
  return { child, exited };
}

/**
 * Benchmarks the API on one database URL: one instance reached directly, or `instances`
 * behind nginx.
 */
export async function benchForms(
  label: string,
  databaseUrl: string,
  { instances = 1, behindNginx = false } = {},
): Promise<FormsBenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'guichet-bench-forms-'));
  const servers: { child: ChildProcess; exited: Promise<unknown> }[] = [];
  let proxy: ChildProcess | undefined;
  const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
  for (const port of ports) servers.push(await startInstance(databaseUrl, dir, port));
  let origin = `http://127.0.0.1:${String(ports[0])}`;
  if (behindNginx) {
    const started = await startNginx(dir, ports);
    proxy = started.nginx;
    origin = started.origin;
  }
  try {
    // Enough solutions for 16,000 submissions/s; the solving is not part of the timing.
    const solutions = await solvedChallenges(origin, 160_000);
    let next = 0;
    const values = contactValues();
    const result = await autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/forms/contact',
          headers: { 'content-type': 'application/json' },
          // Each submission from its own reader (as through nginx, X-Forwarded-For): one
          // address sending 50 at once would be one reader over the limit, not a crowd.
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': readerAddress(next) },
            body: JSON.stringify({
              lang: 'en',
              values,
              altcha: solutions[next++] ?? '',
            }),
          }),
        },
      ],
    });
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    // A reused solution is refused quickly: the figures would mix in those refusals.
    if (next > solutions.length) {
      throw new Error(`the ${solutions.length} proof-of-work solutions ran out: solve more`);
    }
    const storage = await openStorage(databaseUrl, root);
    const stored = await countRows(storage.db, 'submissions');
    await storage.close();
    const acknowledged = result['2xx'];
    return {
      database: label,
      perSecond: acknowledged / SECONDS,
      p50: result.latency.p50,
      p99: result.latency.p99,
      acknowledged,
      lost: Math.max(0, acknowledged - stored),
      errors: result.non2xx + result.errors + result.timeouts,
    };
  } finally {
    proxy?.kill('SIGTERM');
    for (const { child } of servers) if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}

/** Both databases, printed as a table. */
export async function runFormsBench(): Promise<FormsBenchResult[]> {
  const dir = await mkdtemp(join(tmpdir(), 'guichet-bench-sqlite-'));
  const results = [
    await benchForms('SQLite (WAL, synchronous=FULL)', `sqlite:${join(dir, 'site.db')}`),
  ];
  await rm(dir, { recursive: true, force: true });
  const postgres = await startPostgres();
  try {
    results.push(await benchForms('PostgreSQL (local cluster)', postgres.url));
    // Several instances (issue #20): nginx in front of one, then of two, on one PostgreSQL;
    // each on a database of its own, so that both start empty.
    if (existsSync(NGINX)) {
      for (const instances of [1, 2]) {
        results.push(
          await benchForms(
            `PostgreSQL, nginx, ${String(instances)} instance${instances > 1 ? 's' : ''}`,
            await postgres.createDatabase(`instances_${String(instances)}`),
            { instances, behindNginx: true },
          ),
        );
      }
    }
  } finally {
    await postgres.stop();
  }
  console.log(
    `\nForm API, POST /api/forms/contact, ${CONNECTIONS} concurrent clients, ${SECONDS} s:`,
  );
  for (const row of results) {
    console.log(
      `${row.database.padEnd(34)} ${row.perSecond.toFixed(0).padStart(6)} submissions/s  p50 ${row.p50} ms  p99 ${row.p99} ms  acknowledged ${row.acknowledged}  lost ${row.lost}  errors ${row.errors}`,
    );
  }
  return results;
}

if (import.meta.main) await runFormsBench();
